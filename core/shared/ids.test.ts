import { describe, expect, it } from 'vitest';
import { forgetMintedIds, newId } from '../ids.ts';
import { idDate, isId, snowflakeId } from './ids.ts';

describe('IDs', () => {
  it('accepts numeric values of at least 16 characters only', () => {
    expect(isId('1234567890123456')).toBe(true);
    expect(isId('123456789012345')).toBe(false);
    expect(isId('12345678901234567a')).toBe(false);
    expect(isId('not-an-id')).toBe(false);
    expect(isId(1234567890123456)).toBe(false);
    // A snowflake is a 64-bit number: at most 20 digits, at most 2^64 - 1.
    expect(isId('18446744073709551615')).toBe(true);
    expect(isId('18446744073709551616')).toBe(false);
    expect(isId('123456789012345678901')).toBe(false);
  });

  it('dates an ID as value / 4194304 + 1420070400000 ms', () => {
    // Discord's documented example snowflake.
    expect(idDate('175928847299117063').toISOString()).toBe('2016-04-30T11:18:25.796Z');
  });

  it('mints unique valid IDs that carry their creation time', () => {
    forgetMintedIds();
    const now = Date.UTC(2026, 10, 21, 12);
    const ids = Array.from({ length: 5000 }, () => newId(now));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 10)) expect(isId(id)).toBe(true);
    expect(Math.abs(idDate(ids[0]!).getTime() - now)).toBeLessThanOrEqual(5);
  });
});

describe('snowflakeId', () => {
  const message = (value: string) =>
    snowflakeId('User')
      .safeParse(value)
      .error?.issues.map((issue) => issue.message);

  it('accepts 16 to 20 digits within 64 bits, and refuses anything else with the specification’s message', () => {
    expect(snowflakeId('User').parse('1234567890123456')).toBe('1234567890123456');
    expect(snowflakeId('User').parse('18446744073709551615')).toBe('18446744073709551615');
    for (const bad of [
      '',
      '123',
      'not-an-id',
      '123456789012345678a',
      '18446744073709551616',
      '123456789012345678901',
      ' 1234567890123456',
    ]) {
      expect(message(bad), bad).toEqual(['User ID is not a snowflake']);
    }
    expect(snowflakeId('Rank').safeParse('x').error?.issues[0]?.message).toBe('Rank ID is not a snowflake');
  });

  it('gives a NUL in an ID the ID’s message, not the general text one', () => {
    expect(message('1234567890123456\u0000')).toEqual(['User ID is not a snowflake']);
    expect(message('a\u0000b')).toEqual(['User ID is not a snowflake']);
  });
});
