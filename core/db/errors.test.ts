import {
  DriverException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { DatabaseTimeoutError, isDatabaseTimeout, isForeignKeyViolation, isUniqueViolation } from './errors.ts';

/** A driver's own error, as a typed Kysely statement throws it (pg's DatabaseError carries the SQLSTATE as `code`). */
const driverError = (code: string) => Object.assign(new Error('from the driver'), { code });

describe('database errors, told apart by SQLSTATE whichever way they came', () => {
  it('a statement stopped at the limit: MikroORM’s exception, the driver’s own error, the embedded driver’s', () => {
    expect(isDatabaseTimeout(new DriverException(driverError('57014')))).toBe(true);
    expect(isDatabaseTimeout(driverError('57014'))).toBe(true);
    expect(isDatabaseTimeout(driverError('25P03'))).toBe(true);
    expect(isDatabaseTimeout(driverError('55P03'))).toBe(true);
    expect(isDatabaseTimeout(new DatabaseTimeoutError('waited', '57014'))).toBe(true);
    expect(isDatabaseTimeout(driverError('23505'))).toBe(false);
    expect(isDatabaseTimeout(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isDatabaseTimeout(new Error('plain'))).toBe(false);
    expect(isDatabaseTimeout(null)).toBe(false);
  });

  it('a unique index or a foreign key refusing the write, and nothing else', () => {
    expect(isUniqueViolation(new UniqueConstraintViolationException(driverError('23505')))).toBe(true);
    expect(isUniqueViolation(driverError('23505'))).toBe(true);
    expect(isUniqueViolation(driverError('23503'))).toBe(false);
    expect(isForeignKeyViolation(new ForeignKeyConstraintViolationException(driverError('23503')))).toBe(true);
    expect(isForeignKeyViolation(driverError('23503'))).toBe(true);
    expect(isForeignKeyViolation(driverError('23505'))).toBe(false);
    expect(isForeignKeyViolation(undefined)).toBe(false);
  });
});
