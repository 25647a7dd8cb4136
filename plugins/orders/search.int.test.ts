import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { OrdersPlugin } from './index.ts';

describe('order search (Order Management)', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let admin: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    plugin = appServices(app.server.ctx).orders;
    admin = await app.createUser({ rankPermissions: ['SUPER_ADMIN'] });
    for (const [username, item] of [
      ['burger_fan', 'Cheeseburger with 100% beef'],
      ['pizza_pal', 'Pepperoni pizza'],
      ['taco_tim', 'Three tacos'],
    ] as const) {
      const customer = await app.createUser({ username });
      const order = await plugin.orders.createOrder({ customerId: customer.id, item });
      if (username === 'taco_tim')
        await plugin.orders.delete(
          { id: admin.id, username: 'admin', displayName: null, permissions: PERMISSIONS.SUPER_ADMIN },
          order.id,
          { reason: 'Test' },
        );
    }
  });
  afterAll(() => app?.close());

  it('finds by item words, customer name or orderID, newest first, with the total', async () => {
    const all = await plugin.search.search({});
    expect(all.total).toBe(3);
    expect(all.orders.map((o) => o.item)).toEqual(['Three tacos', 'Pepperoni pizza', 'Cheeseburger with 100% beef']);
    expect((await plugin.search.search({ query: 'pizza' })).orders.map((o) => o.item)).toEqual(['Pepperoni pizza']);
    expect((await plugin.search.search({ query: 'BURGER_FAN' })).orders.map((o) => o.item)).toEqual([
      'Cheeseburger with 100% beef',
    ]);
    const code = all.orders[1]!.orderID;
    expect((await plugin.search.search({ query: code.toLowerCase() })).orders.map((o) => o.orderID)).toEqual([code]);
  });

  it('filters by state and treats LIKE wildcards as text', async () => {
    expect((await plugin.search.search({ status: 'DELETED' })).orders.map((o) => o.item)).toEqual(['Three tacos']);
    expect((await plugin.search.search({ query: '100%' })).total).toBe(1);
    expect((await plugin.search.search({ query: '_' })).total).toBe(3);
    expect((await plugin.search.search({ query: '%' })).total).toBe(1);
  });

  it('pages, with the page size asked for', async () => {
    const page2 = await plugin.search.search({ page: 2 });
    expect(page2).toMatchObject({ orders: [], total: 3, page: 2, pageSize: 50 });
    const small = await plugin.search.search({ page: 2, pageSize: 2 });
    expect(small).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(small.orders.map((o) => o.item)).toEqual(['Cheeseburger with 100% beef']);
  });

  it('sorts by item or by time, either way', async () => {
    expect((await plugin.search.search({ sort: 'item', order: 'asc' })).orders.map((o) => o.item)).toEqual([
      'Cheeseburger with 100% beef',
      'Pepperoni pizza',
      'Three tacos',
    ]);
    expect((await plugin.search.search({ sort: 'orderedAt', order: 'asc' })).orders.map((o) => o.item)).toEqual([
      'Cheeseburger with 100% beef',
      'Pepperoni pizza',
      'Three tacos',
    ]);
  });

  it('names a reported delivery apart: the Delivered filter leaves it out and the Reported filter finds it', async () => {
    const em = app.db.orm.em.fork();
    await em.execute(`update orders set status = 'DELIVERED', report = true where item = 'Pepperoni pizza'`);
    await em.execute(`update orders set status = 'DELIVERED' where item = 'Cheeseburger with 100% beef'`);
    try {
      expect((await plugin.search.search({ status: 'DELIVERED' })).orders.map((o) => o.item)).toEqual([
        'Cheeseburger with 100% beef',
      ]);
      expect((await plugin.search.search({ status: 'REPORTED' })).orders.map((o) => o.item)).toEqual([
        'Pepperoni pizza',
      ]);
      expect((await plugin.search.search({ status: 'DELIVERY_FAILED' })).total).toBe(0);
    } finally {
      await em.execute(
        `update orders set status = 'ORDERED', report = false where item in ('Pepperoni pizza', 'Cheeseburger with 100% beef')`,
      );
    }
  });

  it("pages a user's order history, with the total", async () => {
    const customer = await app.createUser({ username: 'regular_rita' });
    // One active order at a time: each is deleted before the next.
    for (const item of ['Soup', 'Salad', 'Stew']) {
      const order = await plugin.orders.createOrder({ customerId: customer.id, item });
      await plugin.orders.delete(
        { id: admin.id, username: 'admin', displayName: null, permissions: PERMISSIONS.SUPER_ADMIN },
        order.id,
        { reason: 'Test' },
      );
    }
    const first = await plugin.orders.historyPage(customer.id, 1, 2);
    expect(first.total).toBe(3);
    expect(first.orders.map((o) => o.item)).toEqual(['Stew', 'Salad']);
    expect((await plugin.orders.historyPage(customer.id, 2, 2)).orders.map((o) => o.item)).toEqual(['Soup']);
  });

  it('a customer known only by their orders (no user row, never signed in here) has a history all the same', async () => {
    const botOnly = '1300000000000000888';
    const order = await plugin.orders.createOrder({
      customerId: botOnly,
      item: 'Bot-only bagel',
      guildId: '1200000000000000001',
      channelId: '1300000000000000001',
    });
    expect(await app.db.orm.em.fork().findOne(UserSchema, { id: botOnly })).toBeNull();

    // Order History (the page) reads this page of it; the customer is named by their ID, with no profile.
    const page = await plugin.orders.historyPage(botOnly, 1, 50);
    expect(page.total).toBe(1);
    expect(page.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        item: 'Bot-only bagel',
        orderedBy: { id: botOnly, username: 'Unknown user', displayName: null, avatar: null },
      }),
    ]);

    // The API behind it answers the same orders to a super admin or the kitchen, not a 404.
    const chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    for (const caller of [admin, chef]) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/client/orders/user/${botOnly}`,
        headers: caller.auth,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    }
    // An ID with neither a user nor orders: an empty history (the page answers 404 for it; the list is simply empty).
    expect(await plugin.orders.historyPage('1300000000000000889', 1, 50)).toEqual({ orders: [], total: 0 });
  });
});
