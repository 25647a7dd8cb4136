import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsOf } from '../../core/boot.ts';
import { migrate } from '../../core/db/orm.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { insertRankIn } from '../../tests/support/ranks.ts';
import { plugins } from '../index.ts';
import { addRankIn, rankHistoryIn, ranksOfIn } from '../ranks/index.ts';

const HELD = 'Migration20261203090000_GrantedRanksHeld';
const PATRON = '1000000000000000901';
const CHEF = '1000000000000000902';

/**
 * The migration that gives back the ranks a user manager's edit took while their grant was active, on a database
 * from before it. On PostgreSQL too.
 */
describe('granted ranks held: the data a database had before', () => {
  let db: TestDatabase;
  const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
  beforeAll(async () => {
    db = await createTestDatabase(plugins, { migrate: false });
    const before = migrationsOf(plugins)
      .map((m) => m.name)
      .filter((name) => name < HELD);
    await db.orm.migrator.up({ to: before.at(-1)! });
    // The ranks plugin's tables through its API (and a test helper for the rank rows): this is the store's migration.
    const em = db.orm.em.fork();
    await insertRankIn(em, { id: PATRON, name: 'Patron', position: 7 });
    await insertRankIn(em, { id: CHEF, name: 'Chef', position: 20 });
  });
  afterAll(() => db?.drop());

  async function user(
    id: string,
    ranks: string[],
    grants: { value: string; added: boolean; ended?: boolean; endsAt?: string | null }[] = [],
  ) {
    await sql(`insert into users (id, username, created_at, updated_at) values (?, ?, now(), now())`, [
      id,
      `u${id.slice(-4)}`,
    ]);
    for (const rank of ranks) await addRankIn(db.orm.em.fork(), id, rank);
    let n = 0;
    for (const grant of grants) {
      await sql(
        `insert into grants (id, user_id, kind, value, source, source_ref, added, started_at, ends_at, ended_at) values (?, ?, 'rank', ?, 'subscription', ?, ?, now(), ?, ?)`,
        [
          `${id}${++n}`,
          id,
          grant.value,
          `sub_${n}`,
          grant.added,
          grant.endsAt ?? null,
          grant.ended ? new Date() : null,
        ],
      );
    }
  }
  const ranksOf = async (id: string) => (await ranksOfIn(db.orm.em.fork(), id)).map((r) => r.id).sort();
  const addedOf = async (id: string) =>
    (await sql<{ id: string; added: boolean }>('select id, added from grants where user_id = ? order by id', [id])).map(
      (g) => [g.id, g.added],
    );
  const historyOf = async (id: string) =>
    (await rankHistoryIn(db.orm.em.fork(), id, 100)).map((entry) => ({
      action: entry.action,
      ranks_before: entry.ranksBefore,
      ranks_after: entry.ranksAfter,
      reason: entry.reason,
      by: entry.by,
    }));

  it("gives back a plan's rank a manager's edit took while the plan ran, with a history entry, and its grant's end takes it", async () => {
    // A manager's edit took the plan's Patron (its grant added it) and left Chef.
    await user('1000000000000000101', [CHEF], [{ value: PATRON, added: true }]);
    // Patron was given by hand before the plan (the grant did not add it), then taken by an edit: the grant holds it now.
    await user(
      '1000000000000000102',
      [],
      [
        { value: PATRON, added: false, endsAt: '2027-01-01T00:00:00Z' },
        { value: PATRON, added: false, endsAt: null },
      ],
    );
    // Held as it should be, and an ended grant: untouched.
    await user('1000000000000000103', [PATRON], [{ value: PATRON, added: false }]);
    await user('1000000000000000104', [], [{ value: PATRON, added: true, ended: true }]);

    expect(await migrate(db.orm)).toContain(HELD);

    expect(await ranksOf('1000000000000000101')).toEqual([PATRON, CHEF].sort());
    expect(await historyOf('1000000000000000101')).toEqual([
      { action: 'grant', ranks_before: [CHEF], ranks_after: [CHEF, PATRON], reason: 'subscription sub_1', by: null },
    ]);
    expect(await addedOf('1000000000000000101')).toEqual([['10000000000000001011', true]]);

    expect(await ranksOf('1000000000000000102')).toEqual([PATRON]);
    expect(await addedOf('1000000000000000102')).toEqual([
      ['10000000000000001021', false],
      ['10000000000000001022', true],
    ]);
    expect(await historyOf('1000000000000000102')).toMatchObject([
      { ranks_before: [], ranks_after: [PATRON], reason: 'subscription sub_1, subscription sub_2' },
    ]);

    expect(await ranksOf('1000000000000000103')).toEqual([PATRON]);
    expect(await addedOf('1000000000000000103')).toEqual([['10000000000000001031', false]]);
    expect(await historyOf('1000000000000000103')).toEqual([]);
    expect(await ranksOf('1000000000000000104')).toEqual([]);
    expect(await historyOf('1000000000000000104')).toEqual([]);
  });
});
