import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import type { OrdersPlugin } from './index.ts';

/**
 * Read, decide, write under concurrency (see plugins/users/races.int.test.ts): on PostgreSQL these calls race for
 * real; the delete or the locked row decides, so there is one winner and one event.
 */
describe('orders under concurrency', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let owner: TestUser;
  const events: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    plugin = app.server.ctx.services.orders as OrdersPlugin;
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    app.server.ctx.events.on('leaveDeliveryQueue', () => void events.push('leaveDeliveryQueue'));
  });
  afterAll(() => app?.close());

  it('50 leaves of the delivery queue by one driver at once: one 200 and one event, the rest 404', async () => {
    const driver = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    for (let trial = 0; trial < 5; trial++) {
      expect((await app.inject({ method: 'POST', url: '/api/client/orders/delivery-queue/join', headers: driver.auth })).statusCode).toBe(200);
      events.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => app.inject({ method: 'DELETE', url: '/api/client/orders/delivery-queue/leave', headers: driver.auth })),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 404)).toHaveLength(49);
      expect(answers.find((a) => a.statusCode === 200)!.json().queue).toMatchObject({ userID: driver.id });
      expect(events).toEqual(['leaveDeliveryQueue']);
    }
  });

  it('a food lookup item deleted ten times at once: one 200, the rest 404', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/client/orders/food-lookup/items',
      headers: owner.auth,
      payload: { name: 'Race burger', keywords: ['burger'], images: ['https://example.com/burger.png'] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().lookup.id as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'DELETE', url: `/api/client/orders/food-lookup/${id}`, headers: owner.auth })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(404)]);
    expect(await plugin.foodLookup.list('race')).toEqual([]);
  });

  it('a food lookup item changed while it is deleted: a change answered 200 happened before the delete', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/client/orders/food-lookup/items',
        headers: owner.auth,
        payload: { name: `Doomed ${trial}`, images: ['https://example.com/doomed.png'] },
      });
      const id = created.json().lookup.id as string;
      const [update, remove] = await Promise.all([
        app.inject({ method: 'PATCH', url: `/api/client/orders/food-lookup/${id}`, headers: owner.auth, payload: { name: 'Renamed' } }),
        app.inject({ method: 'DELETE', url: `/api/client/orders/food-lookup/${id}`, headers: owner.auth }),
      ]);
      expect(remove.statusCode).toBe(200);
      // The delete answers the item as it was removed: the rename is in it exactly when the rename answered 200.
      if (update.statusCode === 200) expect(remove.json().lookup.name).toBe('Renamed');
      else {
        expect(update.statusCode).toBe(404);
        expect(remove.json().lookup.name).toBe(`Doomed ${trial}`);
      }
    }
  });
});
