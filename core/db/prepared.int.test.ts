import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { poolOf } from './orm.ts';
import { isUniqueViolation, literal, PreparedStatement, runPrepared } from './prepared.ts';

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

  it('writes values as SQL literals for EXECUTE on the embedded database, quotes doubled, a backslash as it is', () => {
    expect(insert.execute([7, "it's \\ fine", new Date(Date.UTC(2026, 10, 27))])).toBe(
      `execute "test.insert"(7, 'it''s \\ fine', '2026-11-27T00:00:00.000Z')`,
    );
    expect([null, undefined, true, false, -3, 10n].map(literal)).toEqual(['null', 'null', 'true', 'false', '-3', '10']);
    expect(() => literal('a\u0000b')).toThrow(/NUL/);
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal({})).toThrow();
    expect(() => insert.execute([1, 'too few'])).toThrow(/takes 3 values/);
  });

  it('runs with its values; on PostgreSQL as a named statement through the pool, on the embedded database prepared once and executed', async () => {
    const em = db.orm.em.fork();
    const pool = poolOf(db.orm)?.pool ?? null;
    expect(pool === null).toBe(db.driver === 'pglite');
    const calls = pool ? vi.spyOn(pool, 'query') : vi.spyOn(Object.getPrototypeOf(db.orm.em) as { execute: (...args: unknown[]) => unknown }, 'execute');
    try {
      const at = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
      const [row] = await runPrepared<{ id: number; label: string; at: Date | string }>(db.orm, em, insert, [1, 'first', at]);
      expect(row).toMatchObject({ id: 1, label: 'first' });
      expect(new Date(row!.at).getTime()).toBe(at.getTime());
      // Again with other values, one quote among them: the same statement, bound anew.
      const [second] = await runPrepared<{ id: number; label: string }>(db.orm, em, insert, [2, "O'Brien's \\ path", at]);
      expect(second).toMatchObject({ id: 2, label: "O'Brien's \\ path" });
      if (pool) {
        expect(calls).toHaveBeenCalledWith(expect.objectContaining({ name: 'test.insert', text: insert.numbered, values: [1, 'first', at] }));
      } else {
        const sql = calls.mock.calls.map(([text]) => text);
        expect(sql.filter((text) => text === `prepare "test.insert" as ${insert.numbered}`)).toHaveLength(1);
        expect(sql.filter((text) => typeof text === 'string' && text.startsWith('execute "test.insert"('))).toHaveLength(2);
      }
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
