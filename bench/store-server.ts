import { writeFile } from 'node:fs/promises';
import { UserSchema } from '../core/auth/entities.ts';
import { startApp } from '../core/boot.ts';
import { loadConfig } from '../core/config.ts';
import { newId } from '../core/ids.ts';
import { appServices, plugins } from '../plugins/index.ts';

/**
 * The purchases benchmark's server: the real web process (startApp) plus buyers. Once ready it writes
 * `BENCH_FIXTURE` (JSON): an item on sale (a perk for a day, unlimited stock, no limit: every purchase debits, takes
 * the buyer's lock, grants and writes its purchase) and `BENCH_BUYERS` buyers' tokens, each with coins for far more
 * purchases than the run makes.
 */
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);

const app = await startApp(loadConfig(process.env, plugins), plugins);
console.log(`ready at ${app.url}`);
const { server } = app;
const store = appServices(server.ctx).store;
const em = server.ctx.orm.em.fork();
const ids = Array.from({ length: BUYERS }, (_, i) => {
  const id = newId();
  em.create(UserSchema, { id, username: `buyer${i}`, displayName: `Buyer ${i}`, ban: { active: false } });
  return id;
});
await em.flush();
for (const id of ids) await store.coins.credit({ userId: id, amount: 100_000_000, kind: 'ADMIN', reference: 'bench' });
const item = await store.items.create(
  { id: ids[0]!, username: 'buyer0', displayName: null },
  {
    name: 'Bench pass',
    description: '',
    picture: null,
    price: 1,
    grant: { kind: 'perk', perk: 'FEEDBACK_BETA', days: 1 },
    stock: null,
    perUserLimit: null,
    onSale: true,
  },
);
const tokens = await Promise.all(ids.map(async (id) => (await server.ctx.sessions.create(id)).token));
await writeFile(process.env.BENCH_FIXTURE!, JSON.stringify({ item: item.id, buyers: tokens }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.stop().then(() => process.exit(0)));
}
