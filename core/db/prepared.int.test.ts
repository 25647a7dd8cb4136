import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { poolOf } from './orm.ts';
import { isUniqueViolation, PreparedStatement, runPrepared } from './prepared.ts';

describe('prepared statements (hot write paths)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([]);
    await db.orm.em
      .fork()
      .execute('create table prepared_test (id int primary key, label text not null, at timestamptz not null)');
  });
  afterAll(() => db?.drop());

  const insert = new PreparedStatement(
    'test.insert',
    'insert into prepared_test (id, label, at) values (?, ?, ?) returning id, label, at',
  );

  it('numbers the placeholders for pg', () => {
    expect(insert.numbered).toBe(
      'insert into prepared_test (id, label, at) values ($1, $2, $3) returning id, label, at',
    );
  });

  it('runs as EXECUTE with its values as placeholders on the embedded database, and takes exactly its values', async () => {
    expect(insert.executeSql).toBe('execute "test.insert"(?, ?, ?)');
    await expect(runPrepared(db.orm, db.orm.em.fork(), insert, [1, 'too few'])).rejects.toThrow(/takes 3 values/);
  });

  // Named on PostgreSQL's pool, prepared once per session on the embedded database: a performance property, measured
  // by `npm run bench` (cases writes and purchases). Here: what it writes and answers, on either database.
  it('runs with its values, again with others bound anew, and answers the rows it returns', async () => {
    const em = db.orm.em.fork();
    expect((poolOf(db.orm)?.pool ?? null) === null).toBe(db.driver === 'pglite');
    const at = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
    const [row] = await runPrepared<{ id: number; label: string; at: Date | string }>(db.orm, em, insert, [
      1,
      'first',
      at,
    ]);
    expect(row).toMatchObject({ id: 1, label: 'first' });
    expect(new Date(row!.at).getTime()).toBe(at.getTime());
    // Again with other values, one quote among them: the same statement, bound anew.
    const [second] = await runPrepared<{ id: number; label: string }>(db.orm, em, insert, [2, "O'Brien's \\ path", at]);
    expect(second).toMatchObject({ id: 2, label: "O'Brien's \\ path" });
    const rows = await db.orm.em
      .fork()
      .execute<{ id: number; label: string }[]>('select id, label from prepared_test order by id');
    expect(rows.map((r) => [r.id, r.label])).toEqual([
      [1, 'first'],
      [2, "O'Brien's \\ path"],
    ]);
  });

  it('a unique index refusing the write is recognised whichever way the statement ran', async () => {
    const error = await runPrepared(db.orm, db.orm.em.fork(), insert, [1, 'again', new Date()]).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });
});
