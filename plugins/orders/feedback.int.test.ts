import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { OrdersPlugin } from './index.ts';

/** GET /api/client/users/{id}/order-feedback: what customers rated of a chef's or driver's orders. */
describe('order feedback on a user', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let chef: TestUser;
  let driver: TestUser;
  const customers: TestUser[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', ORDER_COOKING_TIME_S: '0' } });
    plugin = appServices(app.server.ctx).orders;
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    driver = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    // Two delivered orders, chef cooked both; the driver delivered the second; rated 5 and 2.
    for (const [i, stars] of [5, 2].entries()) {
      const customer = await app.createUser();
      customers.push(customer);
      const order = await plugin.orders.createOrder({ customerId: customer.id, item: `Dish ${i}` });
      const by = (user: TestUser) => ({ ...user.auth });
      await app.inject({ method: 'POST', url: `/api/client/orders/${order.id}/claim`, headers: by(chef) });
      await app.inject({
        method: 'POST',
        url: `/api/client/orders/${order.id}/prepare`,
        headers: by(chef),
        payload: { images: ['https://img.example.com/dish.png'] },
      });
      await plugin.sweeper.sweep();
      const deliverer = i === 0 ? chef : driver;
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/client/orders/${order.id}/deliver`,
            headers: by(deliverer),
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
      await plugin.feedback.rate(customer.id, order.orderID, stars, stars === 2 ? 'Cold fries' : null);
    }
  });
  afterAll(() => app?.close());

  const get = (id: string, user?: TestUser) =>
    app.inject({ method: 'GET', url: `/api/client/users/${id}/order-feedback`, headers: user?.auth ?? {} });

  it('averages the ratings of the orders the user prepared or delivered, newest first', async () => {
    const res = await get(chef.id, chef);
    expect(res.statusCode).toBe(200);
    expect(res.json().feedback).toMatchObject({
      average: 3.5,
      count: 2,
      recent: [
        { stars: 2, comment: 'Cold fries', item: 'Dish 1', role: 'chef' },
        { stars: 5, comment: null, item: 'Dish 0', role: 'chef and driver' },
      ],
    });
    expect((await get(driver.id, driver)).json().feedback).toMatchObject({
      average: 2,
      count: 1,
      recent: [{ role: 'driver' }],
    });
    expect((await get(customers[0]!.id, customers[0])).json().feedback).toEqual({
      average: null,
      count: 0,
      recent: [],
    });
  });

  it('is for the user themself and managers only', async () => {
    const backlog = await app.createUser({ rankPermissions: ['VIEW_BACKLOG'] });
    const userManager = await app.createUser({ rankPermissions: ['MANAGE_USERS'] });
    const superAdmin = await app.createUser({ rankPermissions: ['SUPER_ADMIN'] });
    const banned = await app.createUser({ rankPermissions: ['VIEW_BACKLOG'], ban: { reason: 'No' } });
    expect((await get(chef.id)).statusCode).toBe(401);
    expect((await get(chef.id, driver)).statusCode).toBe(403);
    expect((await get(chef.id, customers[0])).statusCode).toBe(403);
    expect((await get(chef.id, banned)).statusCode).toBe(403);
    for (const reader of [backlog, userManager, superAdmin]) expect((await get(chef.id, reader)).statusCode).toBe(200);
    const bad = await get('not-an-id', superAdmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('User ID is not a snowflake');
  });
});
