import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { FoodLookupQuerySchema } from './entities.ts';
import type { OrdersPlugin } from './index.ts';
import type { Leaderboard } from './schemas.ts';

describe('food lookup, image search, leaderboard and figures', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let clock = Date.parse('2026-11-20T10:00:00Z');
  let admin: TestUser;
  let chef: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', ORDER_COOKING_TIME_S: '0' }, now: () => clock });
    plugin = appServices(app.server.ctx).orders;
    admin = await app.createUser({ rankPermissions: ['SUPER_ADMIN'] });
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP'] });
  });
  afterAll(() => app?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: unknown) =>
    app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('admins manage items; staff search them, and every POST search is logged', async () => {
    const created = await call('POST', '/api/client/orders/food-lookup/items', admin, {
      name: 'Cheeseburger',
      keywords: ['Burger', 'beef'],
      images: ['/food/burger.svg'],
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().lookup;
    expect(item).toMatchObject({
      name: 'Cheeseburger',
      keywords: ['burger', 'beef'],
      images: ['/food/burger.svg'],
      createdBy: admin.id,
    });
    await call('POST', '/api/client/orders/food-lookup/items', admin, {
      name: 'Pepperoni pizza',
      keywords: ['pizza'],
      images: ['https://cdn.example.com/pizza.webp'],
    });

    for (const body of [
      { name: 'X', images: ['javascript:alert(1)'] },
      { name: 'X', images: ['http://example.com/a.png'] },
      { name: 'X', images: [] },
      { name: '', images: ['/food/fries.svg'] },
      { name: 'X', images: ['/food/fries.svg'], admin: true },
    ]) {
      expect(
        (await call('POST', '/api/client/orders/food-lookup/items', admin, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }

    const search = await call('POST', '/api/client/orders/food-lookup', chef, { query: 'burger' });
    expect(search.statusCode).toBe(200);
    expect(search.json().lookup.map((i: { name: string }) => i.name)).toEqual(['Cheeseburger']);
    const logged = await app.db.orm.em.fork().find(FoodLookupQuerySchema, { user: chef.id });
    expect(logged.map((q) => q.query)).toEqual(['burger']);
    expect((await call('GET', '/api/client/orders/food-lookup', chef)).json().lookup).toHaveLength(2);
    expect((await call('GET', '/api/client/orders/food-lookup?query=pizza', chef)).json().lookup[0].name).toBe(
      'Pepperoni pizza',
    );

    const patched = await call('PATCH', `/api/client/orders/food-lookup/${item.id}`, admin, {
      keywords: ['burger', 'cheese'],
    });
    expect(patched.json().lookup.keywords).toEqual(['burger', 'cheese']);
    expect((await call('PATCH', `/api/client/orders/food-lookup/${item.id}`, admin, {})).statusCode).toBe(400);
    expect(
      (await call('PATCH', '/api/client/orders/food-lookup/1234567890123456789', admin, { name: 'Y' })).statusCode,
    ).toBe(404);
  });

  it('pages the list by name or newest first, and a search by relevance', async () => {
    const byName = await plugin.foodLookup.page(undefined, { page: 1, pageSize: 1, sort: 'name', order: 'asc' });
    expect(byName).toEqual({ items: [expect.objectContaining({ name: 'Cheeseburger' })], total: 2 });
    const second = await plugin.foodLookup.page(undefined, { page: 2, pageSize: 1, sort: 'name', order: 'asc' });
    expect(second.items.map((i) => i.name)).toEqual(['Pepperoni pizza']);
    expect(
      (await plugin.foodLookup.page(undefined, { page: 1, pageSize: 10, sort: 'name', order: 'desc' })).items.map(
        (i) => i.name,
      ),
    ).toEqual(['Pepperoni pizza', 'Cheeseburger']);
    const found = await plugin.foodLookup.page('pizza', { page: 1, pageSize: 10, sort: 'name', order: 'asc' });
    expect(found).toEqual({ items: [expect.objectContaining({ name: 'Pepperoni pizza' })], total: 1 });
    expect(await plugin.foodLookup.page('pizza', { page: 2, pageSize: 10, sort: 'name', order: 'asc' })).toEqual({
      items: [],
      total: 1,
    });
  });

  it('image search ranks food lookup pictures and recent orders by the words they match', async () => {
    const order = await plugin.orders.createOrder({
      customerId: (await app.createUser()).id,
      item: 'Double cheeseburger with fries',
    });
    await call('POST', `/api/client/orders/${order.id}/claim`, chef);
    await call('POST', `/api/client/orders/${order.id}/prepare`, chef, {
      images: ['https://img.example.com/double.jpg'],
    });
    const found = await call('POST', '/api/client/orders/images/search', chef, { query: 'cheeseburger fries' });
    expect(found.statusCode).toBe(200);
    const urls = found.json().images.map((i: { url: string }) => i.url);
    expect(urls).toEqual(['https://img.example.com/double.jpg', '/food/burger.svg']);
    expect((await call('POST', '/api/client/orders/images/search', chef, { query: '' })).statusCode).toBe(400);
    // A food lookup picture is accepted as an order image as it is.
    const pizza = await plugin.orders.createOrder({ customerId: (await app.createUser()).id, item: 'Pizza' });
    await plugin.sweeper.sweep();
    await call('POST', `/api/client/orders/${order.id}/deliver`, chef, {});
    await call('POST', `/api/client/orders/${pizza.id}/claim`, chef);
    expect(
      (
        await call('POST', `/api/client/orders/${pizza.id}/prepare`, chef, {
          images: ['https://cdn.example.com/pizza.webp'],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the leaderboard counts delivered orders per period, top 10, cached until the next delivery', async () => {
    const board = async (period: string) =>
      (await app.inject({ method: 'GET', url: `/api/client/orders/leaderboard?period=${period}` })).json()
        .leaderboard as Leaderboard;
    const all = await board('all');
    expect(all).toMatchObject({ period: 'all', teams: [] });
    expect(all.chefs[0]).toMatchObject({ user: { id: chef.id }, orders: 1 });
    expect(all.drivers[0]).toMatchObject({ user: { id: chef.id }, orders: 1 });
    expect(all.customers).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/client/orders/leaderboard?period=year' })).statusCode).toBe(
      400,
    );

    clock += 2 * 24 * 60 * 60 * 1000;
    expect((await board('day')).chefs).toEqual([]);
    expect((await board('week')).chefs[0]?.orders).toBe(1);
    const pizza = (await plugin.orders.listActive()).find((o) => o.item === 'Pizza')!;
    await plugin.sweeper.sweep();
    await call('POST', `/api/client/orders/${pizza.id}/deliver`, chef, {});
    expect((await board('day')).chefs[0]).toMatchObject({ user: { id: chef.id }, orders: 1 });
    expect((await board('all')).chefs[0]?.orders).toBe(2);
    expect(await plugin.stats.figuresFor(chef.id)).toEqual({ ordered: 0, prepared: 2, delivered: 2 });
    expect(await plugin.stats.stats()).toEqual({ deliveredToday: 1, activeOrders: 0 });
    // The home page shows the latest delivery that has a picture: the pizza (delivered last, with its picture).
    expect(await plugin.stats.latestDelivery()).toMatchObject({
      item: 'Pizza',
      images: ['https://cdn.example.com/pizza.webp'],
      status: 'DELIVERED',
    });
    // The dashboard's shift figures: today, the last 7 days, the 7 before.
    expect(await plugin.stats.shiftFiguresFor(chef.id)).toEqual({
      today: { prepared: 1, delivered: 1 },
      week: { prepared: 2, delivered: 2 },
      lastWeek: { prepared: 0, delivered: 0 },
    });
    clock += 8 * 24 * 60 * 60 * 1000;
    expect(await plugin.stats.shiftFiguresFor(chef.id)).toEqual({
      today: { prepared: 0, delivered: 0 },
      week: { prepared: 0, delivered: 0 },
      lastWeek: { prepared: 2, delivered: 2 },
    });
    expect(await plugin.stats.shiftFiguresFor(admin.id)).toEqual({
      today: { prepared: 0, delivered: 0 },
      week: { prepared: 0, delivered: 0 },
      lastWeek: { prepared: 0, delivered: 0 },
    });
  });

  it('the leaderboard says who has a profile: a customer who ordered through the bot only has none to link to', async () => {
    const botOnly = '1300000000000000777';
    const order = await plugin.orders.createOrder({ customerId: botOnly, item: 'Bot-only burger' });
    await call('POST', `/api/client/orders/${order.id}/claim`, chef);
    await call('POST', `/api/client/orders/${order.id}/prepare`, chef, { images: ['/food/burger.svg'] });
    await plugin.sweeper.sweep();
    expect((await call('POST', `/api/client/orders/${order.id}/deliver`, chef, {})).statusCode).toBe(200);
    const board = (await app.inject({ method: 'GET', url: '/api/client/orders/leaderboard?period=all' })).json()
      .leaderboard as Leaderboard;
    expect(board.customers.find((e) => e.user.id === botOnly)).toMatchObject({
      user: { username: 'Unknown user' },
      orders: 1,
      hasProfile: false,
    });
    expect(board.chefs.find((e) => e.user.id === chef.id)).toMatchObject({ hasProfile: true });
  });
});
