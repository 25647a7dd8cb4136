import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plugins } from '../../plugins/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/**
 * The statements MikroORM would still run, after every migration, to bring the database to the entities, that this
 * test lets through: the statistics plugin's rollup triggers and the functions they call (`statistics_*`, created by
 * its migrations, declared by no entity), which are being removed. Exactly these statements, and the list only
 * shrinks: an entry the diff no longer makes fails the test until it is deleted here. Add nothing: an entity that
 * disagrees with its migrations is fixed in the entity (or by a new migration), not listed.
 */
const STATISTICS_TRIGGERS = [
  'drop trigger if exists "claim_expiries_statistics_days" on "claim_expiries";',
  'drop function if exists "claim_expiries_claim_expiries_statistics_days_fn"();',
  'drop trigger if exists "orders_statistics_days_insert_delete" on "orders";',
  'drop function if exists "orders_orders_statistics_days_insert_delete_fn"();',
  'drop trigger if exists "orders_statistics_days_update" on "orders";',
  'drop function if exists "orders_orders_statistics_days_update_fn"();',
  'drop function if exists "statistics_lock_days"(text[]);',
  'drop function if exists "statistics_order_parts"(orders);',
  'drop function if exists "statistics_utc_day"(timestamp with time zone);',
];

/**
 * Entities and migrations agree: a database every migration has run on is what the entities describe, so
 * `npm run db:migration` writes only the change being made (docs/architecture.md, "Data"). On PGlite and on
 * PostgreSQL (vitest.config.ts), whose introspection differs.
 */
describe('entities and migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(plugins);
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('agree: after every migration, the schema MikroORM derives from the entities needs no change', async () => {
    const statements = (await db.orm.schema.getUpdateSchemaSQL({ wrap: false }))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    expect(statements.filter((statement) => !STATISTICS_TRIGGERS.includes(statement))).toEqual([]);
    // Shrink-only: every exempt statement is still made (delete the ones that are not).
    expect(STATISTICS_TRIGGERS.filter((statement) => !statements.includes(statement))).toEqual([]);
  });
});
