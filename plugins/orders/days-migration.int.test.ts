import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { plugins } from '../index.ts';

const STATISTICS_DROP = 'Migration20261204100000_StatisticsLeaveTheOrders';
const HAND_OVER = 'Migration20261204100100_OrdersKeepTheirDays';

/** Tables, functions and triggers by name, in the current schema. */
async function schemaObjects(db: TestDatabase) {
  const [row] = await db.orm.em.fork().execute<{ tables: string[]; functions: string[]; triggers: string[] }[]>(
    `select
       array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = current_schema() and c.relkind = 'r'
               and c.relname in ('statistics_days', 'statistics_member_days', 'claim_expiries', 'order_days', 'order_member_days', 'order_claim_expiries')
             order by 1) as tables,
       array(select p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where n.nspname = current_schema() order by 1) as functions,
       array(select t.tgname::text from pg_trigger t where not t.tgisinternal order by 1) as triggers`,
  );
  return row!;
}

/** The definitions of the schema's functions and triggers, as PostgreSQL prints them. */
async function definitionsOf(db: TestDatabase): Promise<string[]> {
  const rows = await db.orm.em.fork().execute<{ definition: string }[]>(
    `select pg_get_functiondef(p.oid) as definition from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = current_schema()
     union all
     select pg_get_triggerdef(t.oid) from pg_trigger t where not t.tgisinternal
     order by 1`,
  );
  return rows.map((row) => row.definition);
}

/**
 * The daily rollups and expired claims move from the statistics plugin to the orders plugin with their data, and
 * the statistics triggers go (migrations StatisticsLeaveTheOrders, OrdersKeepTheirDays). On PostgreSQL too.
 */
describe('the orders plugin takes over the kitchen figures tables', () => {
  let db: TestDatabase;
  let before: string;
  beforeAll(async () => {
    db = await createTestDatabase(plugins, { migrate: false });
    const pending = (await db.orm.migrator.getPending()).map((m) => m.name);
    before = pending[pending.indexOf(STATISTICS_DROP) - 1]!;
    await db.orm.migrator.up({ to: before });
    const em = db.orm.em.fork();
    // The expired claim first: the statistics trigger of those migrations would mark a rolled-up day it counts on.
    await em.execute(
      `insert into claim_expiries (id, order_id, chef, claimed_at, expired_at)
       values ('x1', '1300000000000000009', '1300000000000000001', '2026-11-20T10:00:00Z', '2026-11-20T10:05:00Z')`,
    );
    await em.execute(
      `insert into statistics_days (day, ordered, prepared, delivered, reported, r2d_us, r2d_n, stale, closed_at)
       values ('2026-11-20', 5, 4, 3, 1, 123456789012, 3, false, now())`,
    );
    await em.execute(
      `insert into statistics_member_days (day, user_id, claimed, claims_expired, prepared, c2p_us, c2p_n, delivered, reported, r2d_us, r2d_n)
       values ('2026-11-20', '1300000000000000001', 2, 1, 2, 600000000, 2, 0, 0, 0, 0)`,
    );
  });
  afterAll(() => db?.drop());

  it('keeps every row under the new names and leaves no function or trigger; down puts the old ones back', async () => {
    expect((await schemaObjects(db)).triggers).toEqual([
      'claim_expiries_statistics_days',
      'orders_statistics_days_insert_delete',
      'orders_statistics_days_update',
    ]);
    const definitions = await definitionsOf(db);
    await db.orm.migrator.up();
    expect(await schemaObjects(db)).toEqual({
      tables: ['order_claim_expiries', 'order_days', 'order_member_days'],
      functions: [],
      triggers: [],
    });
    const em = db.orm.em.fork();
    expect(await em.execute('select day, delivered, r2d_us::text as r2d_us, stale from order_days')).toEqual([
      { day: '2026-11-20', delivered: 3, r2d_us: '123456789012', stale: false },
    ]);
    expect(await em.execute('select user_id, claimed, c2p_us::text as c2p_us from order_member_days')).toEqual([
      { user_id: '1300000000000000001', claimed: 2, c2p_us: '600000000' },
    ]);
    expect(await em.execute('select id, chef from order_claim_expiries')).toEqual([
      { id: 'x1', chef: '1300000000000000001' },
    ]);

    await db.orm.migrator.down({ to: before });
    const old = await schemaObjects(db);
    expect(old.tables).toEqual(['claim_expiries', 'statistics_days', 'statistics_member_days']);
    expect(old.triggers).toHaveLength(3);
    expect(old.functions).toEqual([
      'statistics_claim_expiries_changed',
      'statistics_lock_days',
      'statistics_order_parts',
      'statistics_orders_changed',
      'statistics_utc_day',
    ]);
    // Exactly as the earlier migrations had built them.
    expect(await definitionsOf(db)).toEqual(definitions);
    expect(await db.orm.em.fork().execute('select day from statistics_days')).toEqual([{ day: '2026-11-20' }]);
    await db.orm.migrator.up();
    expect((await schemaObjects(db)).tables).toEqual(['order_claim_expiries', 'order_days', 'order_member_days']);
  });
});

describe('a database that never had the statistics plugin', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    const kitchen = plugins.filter((p) => ['settings', 'ranks', 'users', 'onleave', 'orders'].includes(p.name));
    db = await createTestDatabase(kitchen, { migrate: false });
    await db.orm.migrator.up();
  });
  afterAll(() => db?.drop());

  it('gets the tables new, and agrees with the entities', async () => {
    const executed = (await db.orm.migrator.getExecuted()).map((m) => m.name);
    expect(executed).toContain(HAND_OVER);
    expect(executed).not.toContain(STATISTICS_DROP);
    expect((await schemaObjects(db)).tables).toEqual(['order_claim_expiries', 'order_days', 'order_member_days']);
    expect((await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });
});
