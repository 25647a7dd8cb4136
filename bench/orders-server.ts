import { writeFile } from 'node:fs/promises';
import { UserSchema } from '../core/auth/entities.ts';
import { startApp } from '../core/boot.ts';
import { loadConfig } from '../core/config.ts';
import { newId } from '../core/ids.ts';
import { toBits } from '../core/shared/permissions.ts';
import { appServices, plugins } from '../plugins/index.ts';

/**
 * The orders benchmark's server: the real web process (startApp), plus a kitchen to measure. Once ready it writes
 * `BENCH_FIXTURE` (JSON): a viewer's token, `ACTIVE` active orders, `CLAIM_ORDERS` of them to claim and
 * `CHEFS` chefs' tokens.
 */
const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 500);
const CLAIM_ORDERS = Number(process.env.BENCH_CLAIM_ORDERS ?? 50);
const CHEFS = Number(process.env.BENCH_CHEFS ?? 200);

const app = await startApp(loadConfig(process.env, plugins), plugins);
console.log(`ready at ${app.url}`);
const { server } = app;
const { orders } = appServices(server.ctx).orders;

const em = server.ctx.orm.em.fork();
const staff = toBits(['MANAGE_ORDERS']);
const make = (prefix: string, i: number, permissions: number) => {
  const id = newId();
  em.create(UserSchema, {
    id,
    username: `${prefix}${i}`,
    displayName: `${prefix} ${i}`,
    permissions,
    ban: { active: false },
  });
  return id;
};
const viewer = make('viewer', 0, staff);
const chefIds = Array.from({ length: CHEFS }, (_, i) => make('chef', i, staff));
const customers = Array.from({ length: ACTIVE }, (_, i) => make('customer', i, 0));
await em.flush();

const ids: string[] = [];
for (const [i, customerId] of customers.entries()) {
  const order = await orders.createOrder({
    customerId,
    guildId: '1100000000000000900',
    channelId: '1100000000000000901',
    item: `Order number ${i}: a cheeseburger, fries and a milkshake`,
    mentions: [],
  });
  ids.push(order.id);
}
const tokens = async (userIds: string[]) =>
  Promise.all(userIds.map(async (id) => (await server.ctx.sessions.create(id)).token));
await writeFile(
  process.env.BENCH_FIXTURE!,
  JSON.stringify({
    viewer: (await tokens([viewer]))[0],
    claimOrders: ids.slice(0, CLAIM_ORDERS),
    chefs: await tokens(chefIds),
  }),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.stop().then(() => process.exit(0)));
}
