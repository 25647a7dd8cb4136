import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSimpleQueries } from './pglite-simple-queries.ts';

describe.skipIf(process.env.VD_TEST_DATABASE === 'postgresql')('PGlite as kysely sees it (withSimpleQueries)', () => {
  let pglite: PGlite;

  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table dish (id bigint primary key, name text not null, at timestamptz not null)`);
  });
  afterAll(() => pglite.close());

  it('answers a statement without parameters as PGlite answers it with them: rows, types, affected rows', async () => {
    const db = withSimpleQueries(pglite);
    const literal = await db.query(`insert into dish values (1, 'Fries', '2026-12-05T12:00:00Z') returning *`, []);
    const bound = await db.query(`insert into dish values ($1, $2, $3) returning *`, [
      2,
      'Burger',
      '2026-12-05T12:00:00Z',
    ]);
    expect(literal.affectedRows).toBe(1);
    expect(literal.rows).toEqual([{ id: 1, name: 'Fries', at: new Date('2026-12-05T12:00:00Z') }]);
    expect(literal.fields).toEqual(bound.fields);
    const read = await db.query<{ id: number; name: string }>(`select id, name from dish order by id`);
    expect(read.rows).toEqual([
      { id: 1, name: 'Fries' },
      { id: 2, name: 'Burger' },
    ]);
  });

  it('refuses what PostgreSQL refuses, with its SQLSTATE', async () => {
    const db = withSimpleQueries(pglite);
    await expect(db.query(`insert into dish values (1, 'Again', now())`)).rejects.toMatchObject({ code: '23505' });
  });

  it('runs both kinds in a transaction, and a rollback undoes them', async () => {
    const db = withSimpleQueries(pglite);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into dish values (10, 'Shake', now())`);
        await tx.query(`insert into dish values ($1, $2, now())`, [11, 'Nuggets']);
        const inside = await tx.query<{ n: number }>(`select count(*)::int as n from dish where id >= 10`);
        expect(inside.rows).toEqual([{ n: 2 }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query(`select count(*)::int as n from dish where id >= 10`)).rows).toEqual([{ n: 0 }]);
  });

  it('answers the last result of a text of several statements, and nothing for an empty one', async () => {
    const db = withSimpleQueries(pglite);
    const last = await db.query<{ name: string }>(`select 1; select name from dish where id = 2`);
    expect(last.rows).toEqual([{ name: 'Burger' }]);
    expect((await db.query('')).rows).toEqual([]);
  });
});
