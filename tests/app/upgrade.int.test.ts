import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../core/db/orm.ts';
import { addDays } from '../../core/shared/days.ts';
import { plugins } from '../../plugins/index.ts';
import { memberWorkIn } from '../../plugins/orders/index.ts';
import { createTestDatabase, functionsAndTriggers, type TestDatabase } from '../support/database.ts';

/**
 * A database the previous release made (commit d864d57, before issue 41 changed the schema: `npm start` on
 * PostgreSQL with its demo data, so orders, purchases, ledgers, grants, ranks, perks, rolled-up days and weekly
 * statistics; tests/fixtures/upgrade/README.md) is migrated to this release. Every row of every table keeps every
 * column it had (tables handed to another plugin under their new names), the kitchen's rolled-up days still give
 * the live count, and no function or trigger is left. On PGlite and PostgreSQL.
 */
const DUMP = path.join(import.meta.dirname, '../fixtures/upgrade/d864d57.sql.gz');

/** Tables this release renamed: the name the previous release gave them, and theirs now. */
const RENAMED: Record<string, string> = {
  statistics_days: 'order_days',
  statistics_member_days: 'order_member_days',
  claim_expiries: 'order_claim_expiries',
};

type Columns = Map<string, string[]>;

async function columnsOf(db: TestDatabase): Promise<Columns> {
  const rows = await db.orm.em.fork().execute<{ table_name: string; column_name: string }[]>(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and table_name <> 'mikro_orm_migrations' order by table_name, ordinal_position`,
  );
  const columns: Columns = new Map();
  for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  return columns;
}

/** A digest of every row of `table`, over `columns` only, in a stable order. */
async function digest(
  db: TestDatabase,
  table: string,
  columns: readonly string[],
): Promise<{ rows: number; md5: string }> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const [row] = await db.orm.em
    .fork()
    .execute<{ rows: number | string; md5: string }[]>(
      `select count(*) as rows, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as md5 from (select ${list} from "${table}") x`,
    );
  return { rows: Number(row!.rows), md5: row!.md5 };
}

describe('an upgrade from the previous release', () => {
  let db: TestDatabase;
  let before: Columns;
  const digests = new Map<string, { rows: number; md5: string }>();

  beforeAll(async () => {
    db = await createTestDatabase(plugins, { migrate: false });
    await db.orm.em.getConnection().executeDump(gunzipSync(readFileSync(DUMP)).toString('utf8'));
    before = await columnsOf(db);
    for (const [table, columns] of before) digests.set(table, await digest(db, table, columns));
    await migrate(db.orm);
  }, 180_000);
  afterAll(() => db?.drop());

  it('starts from a database with data in it', () => {
    for (const table of ['orders', 'store_purchases', 'statistics_days', 'management_statistics', 'user_ranks'])
      expect(digests.get(table)?.rows, table).toBeGreaterThan(0);
  });

  it('keeps every row of every table, in every column it had', async () => {
    const after = await columnsOf(db);
    for (const [table, columns] of before) {
      const now = RENAMED[table] ?? table;
      expect(after.get(now), `${table} is still there`).toBeDefined();
      expect(await digest(db, now, columns), table).toEqual(digests.get(table));
    }
  });

  it("gives the kitchen's figures from the rolled-up days as counted live", async () => {
    const [newest] = await db.orm.em.fork().execute<{ day: string }[]>('select max(day) as day from order_days');
    const toDay = addDays(newest!.day, 1);
    const query = { fromDay: addDays(toDay, -35), toDay, user: null };
    const rolled = await memberWorkIn(db.orm.em.fork(), query);
    expect(rolled.size).toBeGreaterThan(0);
    expect(rolled).toEqual(await memberWorkIn(db.orm.em.fork(), { ...query, rollups: false }));
  });

  it('leaves no function and no trigger', async () => {
    expect(await functionsAndTriggers(db.orm)).toEqual({ functions: 0, triggers: 0 });
  });
});
