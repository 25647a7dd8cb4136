import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/demo-data.ts';
import { DELETED_USER_NAME } from '../../core/personal-data.ts';
import { appServices, plugins } from '../../plugins/index.ts';
import { DEMO_USERS } from '../../plugins/users/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Kysely = ReturnType<TestApp['db']['orm']['em']['getKysely']>;

/**
 * Every plugin's contribution at once, on the demo data (each plugin's seed gives the demo users orders, coins,
 * appeals, applications, leave, teams, reports, notices…): after a deletion, the user's Discord id is in no column of
 * any table, JSON included, but in the identity row a ban keeps and, for the banned demo user, the ban itself.
 */
describe('my data on the demo data', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await seedDemoData(app.server, plugins);
  });
  afterAll(() => app?.close());

  /** Each `table.column` (of our schema) whose text holds `id`, with how many rows. */
  async function whereIs(id: string): Promise<Record<string, number>> {
    const db: Kysely = app.db.orm.em.fork().getKysely();
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name not in ('mikro_orm_migrations')`.execute(db);
    const found: Record<string, number> = {};
    for (const { table_name, column_name } of columns.rows) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table_name)}
        where cast(${sql.ref(column_name)} as text) like ${`%${id}%`}`.execute(db);
      if (rows[0]!.n > 0) found[`${table_name}.${column_name}`] = rows[0]!.n;
    }
    return found;
  }

  /** Tables of records others rely on: a deletion moves their rows to the pseudonym, never removes one. */
  const KEPT = [
    'orders',
    'order_feedback',
    'order_member_days',
    'coin_transactions',
    'store_purchases',
    'appeals',
    'appeal_votes',
    'recruitment_applications',
    'recruitment_application_history',
    'order_reports',
    'management_statistics',
    'team_order_credits',
    'stripe_subscriptions',
  ];
  async function keptCounts(): Promise<Record<string, number>> {
    const db: Kysely = app.db.orm.em.fork().getKysely();
    const counts: Record<string, number> = {};
    for (const table of KEPT) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
      counts[table] = rows[0]!.n;
    }
    return counts;
  }

  it('has a contribution from every plugin whose tables refer to a user', () => {
    const metadata = app.db.orm.getMetadata();
    const referring = plugins.filter((plugin) =>
      (plugin.entities ?? []).some((entity) =>
        Object.values(metadata.get(entity).properties).some((property) => property.type === 'User'),
      ),
    );
    expect(referring.length).toBeGreaterThan(5);
    expect(referring.filter((plugin) => !plugin.personalData).map((plugin) => plugin.name)).toEqual([]);
  });

  /** Which plugin owns each table (core's own tables: none). */
  const ownerOf = new Map(
    plugins.flatMap((plugin) => (plugin.entities ?? []).map((entity) => [entity.meta.tableName, plugin.name] as const)),
  );

  for (const demo of DEMO_USERS) {
    it(`${demo.role}: the export has their rows, and after deletion no table names them`, async () => {
      const services = appServices(app.server.ctx);
      const before = await whereIs(demo.id);
      const data = await services.users.myData.exportFor(demo.id);
      expect(data.account).toMatchObject({ id: demo.id, username: demo.username });
      // Every plugin whose tables name them has rows in its section of the export.
      const owners = new Set(Object.keys(before).map((column) => ownerOf.get(column.split('.')[0]!)));
      owners.delete(undefined);
      expect(owners.size).toBeGreaterThan(0);
      for (const owner of owners) {
        const section = Object.values(data.plugins[owner!] ?? {});
        expect(
          section.some((rows) => Array.isArray(rows) && rows.length > 0),
          `${owner}'s section`,
        ).toBe(true);
      }

      const kept = await keptCounts();
      const result = await services.users.myData.deleteAccount({ id: demo.id, username: demo.username }, demo.username);
      const after = await whereIs(demo.id);
      expect(await keptCounts()).toEqual(kept);
      // Nor their name, which snapshots copied (the audit log's, a review's).
      if (demo.displayName) expect(await whereIs(demo.displayName)).toEqual({});
      if (result.identityKept) {
        // The ban (or blacklist entry) alone: the identity row keeps the id, its ban fields and nothing personal.
        expect(Object.keys(after).filter((column) => !column.startsWith('users.'))).toEqual(
          Object.keys(after).filter((column) => column.startsWith('blacklist.user_id')),
        );
        expect(after['users.id']).toBe(1);
        const row = await app.db.orm.em
          .fork()
          .getConnection()
          .execute(
            `select username, avatar, ban_active, ban_reason is not null as has_reason from users where id = ?`,
            [demo.id],
          );
        // Blake's ban was given by the manager deleted before him: it stands, its giver pseudonymised.
        expect(row).toEqual([{ username: DELETED_USER_NAME, avatar: null, ban_active: true, has_reason: true }]);
      } else {
        expect(after).toEqual({});
      }
    });
  }
});
