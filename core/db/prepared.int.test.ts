import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { poolOf } from './orm.ts';
import { isUniqueViolation, PreparedStatement, runPrepared } from './prepared.ts';

describe('prepared statements (hot write paths)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([]);
    await db.orm.em.fork().execute('create table prepared_test (id int primary key, label text not null, at timestamptz not null)');
  });
  afterAll(() => db?.drop());

  const insert = new PreparedStatement('test.insert', 'insert into prepared_test (id, label, at) values (?, ?, ?) returning id, label, at');

  it('numbers the placeholders for pg', () => {
    expect(insert.numbered).toBe('insert into prepared_test (id, label, at) values ($1, $2, $3) returning id, label, at');
  });

  it('runs with its values; on PostgreSQL as a named statement through the pool, on the embedded database through execute', async () => {
    const em = db.orm.em.fork();
    const pool = poolOf(db.orm)?.pool ?? null;
    expect(pool === null).toBe(db.driver === 'pglite');
    const calls = pool ? vi.spyOn(pool, 'query') : null;
    try {
      const at = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
      const [row] = await runPrepared<{ id: number; label: string; at: Date | string }>(db.orm, em, insert, [1, 'first', at]);
      expect(row).toMatchObject({ id: 1, label: 'first' });
      expect(new Date(row!.at).getTime()).toBe(at.getTime());
      if (calls) expect(calls).toHaveBeenCalledWith(expect.objectContaining({ name: 'test.insert', text: insert.numbered, values: [1, 'first', at] }));
      // Again with other values: the same statement, bound anew.
      const [second] = await runPrepared<{ id: number; label: string }>(db.orm, em, insert, [2, 'second', at]);
      expect(second).toMatchObject({ id: 2, label: 'second' });
    } finally {
      calls?.mockRestore();
    }
  });

  it('a unique index refusing the write is recognised whichever way the statement ran', async () => {
    const error = await runPrepared(db.orm, db.orm.em.fork(), insert, [1, 'again', new Date()]).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });
});
