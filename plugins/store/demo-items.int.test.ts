import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/demo-data.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices, plugins } from '../index.ts';
import { DEMO_USERS } from '../users/index.ts';
import type { StoreItemView } from './schemas.ts';
import { SEEDED_ITEMS } from './seed.ts';

const HOUR = 60 * 60 * 1000;
const demo = (role: (typeof DEMO_USERS)[number]['role']) => DEMO_USERS.find((u) => u.role === role)!.id;

/** A demo item says what buying it gives: its description is checked against what the perk then lets the buyer do. */
describe('the demo store items keep their word', () => {
  let app: TestApp;
  const auth = async (userId: string) => ({
    authorization: `Bearer ${(await app.server.ctx.sessions.create(userId)).token}`,
  });

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    await seedDemoData(app.server, plugins);
  });
  afterAll(() => app?.close());

  it('the demo wallets: a history dated in the past that sums to the balance, the last hourly claim hours ago', async () => {
    const { coins, hourly } = appServices(app.server.ctx).store;
    const chef = demo('Chef');
    const history = await coins.transactions(chef);
    const ago = (t: { createdAt: string }) => (Date.now() - Date.parse(t.createdAt)) / HOUR;
    // Each hourly claim is dated when its reference says, the latest 3 hours ago; the chef's award 10 hours ago.
    const claims = history.filter((t) => t.kind === 'HOURLY');
    expect(claims).toHaveLength(3);
    for (const t of claims) expect(t.reference).toBe(`hourly:${t.createdAt}`);
    expect(ago(claims[0]!)).toBeGreaterThanOrEqual(3);
    expect(ago(history.find((t) => t.reason === 'Chef of the week')!)).toBeGreaterThanOrEqual(10);
    expect(await coins.balance(chef)).toBe(history.reduce((sum, t) => sum + t.amount, 0));
    expect(await hourly.status(chef)).toMatchObject({ lastClaimAt: claims[0]!.createdAt, nextClaimAt: null });
  });

  it('Delivery message beta: the buyer writes messages into the directory drivers pick from, as it says; nothing is read out with their food', async () => {
    const items = (await app.inject({ method: 'GET', url: '/api/client/store/items' })).json().items as StoreItemView[];
    const item = items.find((i) => i.id === SEEDED_ITEMS.deliveryMessage)!;
    // What the product does not do (a driver's message goes with the orders they deliver, not the buyer's).
    expect(item.description).not.toMatch(/read out|your food/i);
    expect(item.description).toMatch(/Premade Message Directory/);
    expect(item.description).toMatch(/drivers can pick/);

    const customer = await auth(demo('Customer'));
    const driver = await auth(demo('Delivery driver'));
    const write = () =>
      app.inject({
        method: 'POST',
        url: '/api/client/delivery-messages',
        headers: customer,
        payload: { title: 'Casey says enjoy', message: 'Enjoy it, {customer}!' },
      });
    // Without the perk the directory is closed to a customer; the purchase opens it.
    expect((await write()).statusCode).toBe(403);
    const bought = await app.inject({
      method: 'POST',
      url: '/api/client/store/items/purchase',
      headers: customer,
      payload: { id: item.id },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const written = await write();
    expect(written.statusCode, written.body).toBe(201);
    // A driver finds it where they pick a message when delivering.
    const found = await app.inject({
      method: 'GET',
      url: '/api/client/delivery-messages?query=Casey%20says',
      headers: driver,
    });
    expect(found.json().deliveryMessages.map((m: { title: string }) => m.title)).toEqual(['Casey says enjoy']);
  });
});
