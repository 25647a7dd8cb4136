import { writeFile } from 'node:fs/promises';
import { UserSchema } from '../core/auth/entities.ts';
import { requirePermissions } from '../core/auth/guards.ts';
import { startApp } from '../core/boot.ts';
import { loadConfig } from '../core/config.ts';
import { newId } from '../core/ids.ts';
import { definePlugin } from '../core/plugin.ts';
import { toBits } from '../core/shared/permissions.ts';
import { appServices, plugins } from '../plugins/index.ts';
import { RankSchema } from '../plugins/ranks/entities.ts';
import { addRankIn } from '../plugins/ranks/index.ts';
import statisticsPlugin from '../plugins/statistics/index.ts';
import { addDays } from '../plugins/statistics/schemas.ts';

/**
 * The statistics benchmark's server: the real web process (startApp) on the database DATABASE_URL names, plus a
 * kitchen's 30 days: BENCH_ORDERS delivered orders (default 10,000) spread evenly over the last 30 days among
 * BENCH_STAFF members of staff (default 50), inserted in one statement. A bench-only route runs exactly what the
 * Management screen asks of the database for 30 days: every member's figures and the kitchen per day. Once ready it
 * writes `BENCH_FIXTURE` (JSON): a director's token.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const STAFF = Number(process.env.BENCH_STAFF ?? 50);

const bench = definePlugin({
  name: 'bench',
  requires: [statisticsPlugin],
  routes(app, _service, ctx) {
    app.get(
      '/bench/statistics-30d',
      { onRequest: requirePermissions({ all: ['MANAGE_MANAGEMENT_STATISTICS'] }) },
      async () => {
        const { statistics } = ctx.services.statistics;
        const today = statistics.today();
        const [figures, days] = await Promise.all([
          statistics.figures(ctx.orm.em.fork(), addDays(today, -29), today, null),
          statistics.daily(30),
        ]);
        return { members: figures.size, delivered: days.reduce((sum, d) => sum + d.delivered, 0) };
      },
    );
  },
});

const app = await startApp(loadConfig(process.env, plugins), [...plugins, bench]);
console.log(`ready at ${app.url}`);
const { server } = app;
const em = server.ctx.orm.em.fork();
const rank = em.create(RankSchema, {
  name: 'Bench Director',
  position: 500,
  permissions: toBits([
    'VIEW_STAFF_DASHBOARD',
    'MANAGE_ORDERS',
    'VIEW_MANAGEMENT_STATISTICS',
    'MANAGE_MANAGEMENT_STATISTICS',
  ]),
});
const staff = Array.from({ length: STAFF }, (_, i) => {
  const id = newId();
  em.create(UserSchema, { id, username: `staff${i}`, displayName: `Staff ${i}`, ban: { active: false } });
  return id;
});
const customer = newId();
em.create(UserSchema, { id: customer, username: 'customer', ban: { active: false } });
await em.flush();
for (const id of staff) await addRankIn(em, id, rank.id);

// Snowflake IDs are digits only: safe to write into the statement.
const ids = `array[${staff.map((id) => `'${id}'`).join(',')}]`;
const now = Date.now();
await em.execute(
  `insert into orders (id, order_code, customer, item, mentions, status, claimed_by, claimed_at, prepared_by, prepare_started_at, ready_at,
     assigned_driver, assigned_at, delivered_by, delivered_at, report, ordered_at, updated_at)
   select 'bench' || g, 'B' || lpad(g::text, 7, '0'), ?, 'Fries', '[]'::jsonb, 'DELIVERED',
     s.chef, t.at + interval '1 minute', s.chef, t.at + interval '3 minutes', t.at + interval '6 minutes',
     s.driver, t.at + interval '6 minutes', s.driver, t.at + interval '10 minutes', g % 50 = 0, t.at, t.at
   from generate_series(1, ?) g
   cross join lateral (select to_timestamp(? / 1000.0) - (g * (30 * 86400.0 / ?) + 700) * interval '1 second' as at) t
   cross join lateral (select (${ids})[1 + g % ${STAFF}] as chef, (${ids})[1 + (g * 7) % ${STAFF}] as driver) s`,
  [customer, ORDERS, now, ORDERS],
);
// Roll up the ended days, as a running server's closer would have (the bench measures the path a live server takes).
await appServices(server.ctx).orders.days.closeDue();
// Planner statistics, as autovacuum would have gathered by now on a running server.
await em.execute('analyze orders, order_days, order_member_days');
const { token } = await server.ctx.sessions.create(staff[0]!);
await writeFile(process.env.BENCH_FIXTURE!, JSON.stringify({ token, orders: ORDERS, staff: STAFF }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.stop().then(() => process.exit(0)));
}
