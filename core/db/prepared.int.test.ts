import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { isUniqueViolation } from './errors.ts';
import { poolOf } from './orm.ts';
import { PreparedQuery, sqlWriter } from './prepared.ts';

interface TestDb {
  prepared_test: { id: number; label: string; kind: string; at: Date };
}

const writer = sqlWriter<TestDb>();

const insert = new PreparedQuery<{ id: number; label: string; at: Date }, { id: number; label: string; kind: string }>(
  'test.insert',
  (param) =>
    writer
      .insertInto('prepared_test')
      .values({ id: param('id'), label: param('label'), kind: 'fixed', at: param('at') })
      .returning(['id', 'label', 'kind', 'at']),
);

/** One value in two places: both take it. */
const relabel = new PreparedQuery<{ id: number; label: string }, { id: number; label: string }>(
  'test.relabel',
  (param) =>
    writer
      .updateTable('prepared_test')
      .set({ label: param('label') })
      .where('id', '=', param('id'))
      .where('label', '<>', param('label'))
      .returning(['id', 'label']),
);

/** First run inside a transaction that rolls back: prepared there, and still there after it. */
const labelled = new PreparedQuery<{ label: string }, { id: number }>('test.labelled', (param) =>
  writer.selectFrom('prepared_test').select('id').where('label', '=', param('label')),
);

describe('prepared queries (hot paths)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([]);
    await db.orm.em
      .fork()
      .execute(
        'create table prepared_test (id int primary key, label text not null, kind text not null, at timestamptz not null)',
      );
  });
  afterAll(() => db?.drop());

  // Named on PostgreSQL's pool, prepared once per session on the embedded database: a performance property, measured
  // by `npm run bench` (cases writes and purchases). Here: what it writes and answers, on either database.
  it('runs with its values, again with others bound anew, and answers the rows it returns', async () => {
    const em = db.orm.em.fork();
    expect((poolOf(db.orm)?.pool ?? null) === null).toBe(db.driver === 'pglite');
    const at = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
    const [row] = await insert.run(db.orm, em, { id: 1, label: 'first', at });
    expect(row).toMatchObject({ id: 1, label: 'first', kind: 'fixed' });
    // Again with other values, quotes and a backslash among them: the same statement, bound anew.
    const [second] = await insert.run(db.orm, em, { id: 2, label: "O'Brien's \\ path", at });
    expect(second).toMatchObject({ id: 2, label: "O'Brien's \\ path" });
    const rows = await db.orm.em
      .fork()
      .execute<{ id: number; label: string; at: Date | string }[]>(
        'select id, label, at from prepared_test order by id',
      );
    expect(rows.map((r) => [r.id, r.label, new Date(r.at).getTime()])).toEqual([
      [1, 'first', at.getTime()],
      [2, "O'Brien's \\ path", at.getTime()],
    ]);
  });

  it('gives a value used twice to both places', async () => {
    const em = db.orm.em.fork();
    expect(await relabel.run(db.orm, em, { id: 1, label: 'renamed' })).toEqual([{ id: 1, label: 'renamed' }]);
    expect(await relabel.run(db.orm, em, { id: 1, label: 'renamed' })).toEqual([]);
  });

  it('a unique index refusing the write is recognised whichever way the statement ran', async () => {
    const error = await insert
      .run(db.orm, db.orm.em.fork(), { id: 1, label: 'again', at: new Date() })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('something else'))).toBe(false);
  });

  // runIn is the same prepared statement in the caller's transaction (docs/adr/0021).
  it('runs in the caller’s transaction: seen there, gone with its rollback, the connection usable after a failure', async () => {
    const at = new Date(Date.UTC(2026, 11, 4, 12, 0, 0));
    const rolledBack = db.orm.em.fork().transactional(async (em) => {
      await insert.runIn(em, { id: 10, label: 'inside', at });
      expect(await relabel.runIn(em, { id: 10, label: 'seen inside' })).toEqual([{ id: 10, label: 'seen inside' }]);
      expect(await labelled.runIn(em, { label: 'seen inside' })).toEqual([{ id: 10 }]);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await labelled.runIn(db.orm.em.fork(), { label: 'seen inside' })).toEqual([]);
    expect(await labelled.run(db.orm, db.orm.em.fork(), { label: 'renamed' })).toEqual([{ id: 1 }]);
    // Many transactions in turn, more than the pool has connections: each statement prepared once per connection.
    for (let id = 11; id <= 30; id += 1) {
      const failed = await db.orm.em
        .fork()
        .transactional((em) => insert.runIn(em, { id: 1, label: 'taken', at }))
        .catch((e: unknown) => e);
      expect(isUniqueViolation(failed)).toBe(true);
      await db.orm.em.fork().transactional((em) => insert.runIn(em, { id, label: `row ${id}`, at }));
    }
    const rows = await db.orm.em
      .fork()
      .execute<{ id: number }[]>('select id from prepared_test where id >= 10 order by id');
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
  });

  it('refuses a name the database could not take', () => {
    expect(() => new PreparedQuery('Bad Name', () => writer.selectFrom('prepared_test').select('id'))).toThrow(
      /lower-case letters/,
    );
  });
});
