import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import type { OrdersPlugin } from './index.ts';
import type { OrderView } from './schemas.ts';

describe('order lifecycle', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let chef: TestUser;
  let chef2: TestUser;
  let driver: TestUser;
  let manager: TestUser;
  let customer: TestUser;
  const events: { name: string; payload: unknown }[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    plugin = app.server.ctx.services.orders as OrdersPlugin;
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    chef2 = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    driver = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    manager = await app.createUser({ rankPermissions: ['MANAGE_ORDERS', 'VIEW_BACKLOG'] });
    customer = await app.createUser();
    for (const name of ['orderSent', 'orderUpdated', 'cancelOrder', 'orderDeleted', 'deliverOrder'] as const) {
      app.server.ctx.events.on(name, (payload) => void events.push({ name, payload }));
    }
  });
  afterAll(() => app?.close());

  const post = (url: string, user: TestUser, payload?: unknown) =>
    app.inject({ method: 'POST', url, headers: user.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  let n = 0;
  const newOrder = (customerId?: string) =>
    plugin.orders.createOrder({ customerId: customerId ?? customer.id, guildId: '900000000000000001', channelId: '900000000000000002', item: `Burger ${++n}`, mentions: [] });

  it('goes ordered → claimed → preparing → ready → delivered, one event each, after commit', async () => {
    const order = await newOrder();
    expect(order.status).toBe('ORDERED');
    expect(order.orderID).toMatch(/^[A-Z2-9]{6}$/);
    expect(order.orderedBy.id).toBe(customer.id);

    const claimed = await post(`/api/client/orders/${order.orderID.toLowerCase()}/claim`, chef);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().order).toMatchObject({ status: 'CLAIMED', claimedBy: { id: chef.id } });

    const list = await app.inject({ method: 'GET', url: '/api/client/orders', headers: chef.auth });
    expect(list.statusCode).toBe(200);
    expect((list.json().orders as OrderView[]).find((o) => o.id === order.id)?.status).toBe('CLAIMED');

    const prepared = await post(`/api/client/orders/${order.id}/prepare`, chef, { images: ['https://example.com/burger.png'], chefNote: 'Extra pickles' });
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().order).toMatchObject({ status: 'PREPARING', preparedBy: { id: chef.id }, chefNote: 'Extra pickles', claimExpiresAt: null });

    const early = await post(`/api/client/orders/${order.id}/deliver`, driver, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ statusCode: 409, status: 'PREPARING' });
  });
});
