import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { OrderSchema } from './entities.ts';
import type { OrdersPlugin } from './index.ts';
import { kitchenOf } from './test-helpers.ts';

/**
 * Read, decide, write under concurrency (see plugins/users/races.int.test.ts): on PostgreSQL these calls race for
 * real; the delete or the locked row decides, so there is one winner and one event.
 */
describe('orders under concurrency', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let clock = Date.parse('2026-11-20T12:00:00Z');
  let owner: TestUser;
  let chef: TestUser;
  let driver: TestUser;
  let manager: TestUser;
  const events: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    plugin = appServices(app.server.ctx).orders;
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    driver = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    manager = await app.createUser({ rankPermissions: ['MANAGE_ORDERS', 'VIEW_BACKLOG'] });
    app.server.ctx.events.on('leaveDeliveryQueue', () => void events.push('leaveDeliveryQueue'));
  });
  afterAll(() => app?.close());

  const call = (method: 'POST' | 'DELETE', url: string, user: TestUser, payload?: unknown) =>
    app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const {
    post,
    row,
    newOrder,
    claimedBy,
    readyOrder: readyBy,
  } = kitchenOf(
    () => app,
    (ms) => {
      clock += ms;
    },
  );
  const readyOrder = () => readyBy(chef);

  it('50 concurrent claims of one order: exactly one 200, 49 409s naming the holder', async () => {
    const order = await newOrder();
    const chefs = await Promise.all(
      Array.from({ length: 50 }, () => app.createUser({ rankPermissions: ['MANAGE_ORDERS'] })),
    );
    const answers = await Promise.all(chefs.map((c) => post(`/api/client/orders/${order.id}/claim`, c)));
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    const winner = won[0]!.json().order.claimedBy.id as string;
    expect((await row(order.id)).claimedBy?.id).toBe(winner);
    for (const a of lost) expect(a.json()).toMatchObject({ status: 'CLAIMED', claimedBy: { id: winner } });
    expect(lost[0]!.json().message).toMatch(/already claimed by/);
  });

  it('two claims at once by one chef on two orders: one wins', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const racer = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    const both = await Promise.all([
      post(`/api/client/orders/${a.id}/claim`, racer),
      post(`/api/client/orders/${b.id}/claim`, racer),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const held = both.find((r) => r.statusCode === 200)!.json().order.orderID as string;
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(
      `You already hold order ${held}: prepare or unclaim it first.`,
    );
  });

  it('concurrent prepare, deliver and delete of one claimed order leave one consistent state', async () => {
    for (let i = 0; i < 5; i++) {
      const order = await claimedBy(chef);
      const [prepare, deliver, remove] = await Promise.all([
        post(`/api/client/orders/${order.id}/prepare`, chef, { images: ['https://example.com/a.png'] }),
        post(`/api/client/orders/${order.id}/deliver`, driver, {}),
        call('DELETE', `/api/client/orders/${order.id}/delete`, manager, { reason: 'Duplicate order' }),
      ]);
      expect(deliver.statusCode).toBe(409);
      const final = await row(order.id);
      if (remove.statusCode === 200) {
        expect(final).toMatchObject({ status: 'DELETED', deleteReason: 'Duplicate order', deletedBy: manager.id });
        // prepare either lost, or won first and the manager deleted the preparing order after it.
        if (prepare.statusCode === 200) expect(final.images).toEqual(['https://example.com/a.png']);
        else expect(final.images).toEqual([]);
      } else {
        expect(remove.statusCode).toBe(409);
        expect(prepare.statusCode).toBe(200);
        expect(final.status).toBe('PREPARING');
      }
    }
  });

  it('a ready order has exactly one final state under racing deliver and delete', async () => {
    const order = await readyOrder();
    const other = await app.createUser({ rankPermissions: ['MANAGE_ORDERS', 'VIEW_BACKLOG'] });
    const answers = await Promise.all([
      post(`/api/client/orders/${order.id}/deliver`, manager, {}),
      post(`/api/client/orders/${order.id}/deliver`, other, { report: true, reportReason: 'Troll order' }),
      call('DELETE', `/api/client/orders/${order.id}/delete`, manager, { reason: 'Spam' }),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(2);
    const final = await row(order.id);
    expect(['DELIVERED', 'DELETED']).toContain(final.status);
  });

  it('20 concurrent orders by one customer: one is placed, 19 are refused naming it, one order in the database', async () => {
    const racer = await app.createUser();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => newOrder(racer.id)));
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(placed).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refusals).toHaveLength(19);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ kind: 'conflict', details: { orderID: placed[0]?.orderID } });
    }
    expect(await app.server.ctx.orm.em.fork().count(OrderSchema, { customer: racer.id })).toBe(1);
  });

  it('50 leaves of the delivery queue by one driver at once: one 200 and one event, the rest 404', async () => {
    const driver = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    for (let trial = 0; trial < 5; trial++) {
      expect(
        (await app.inject({ method: 'POST', url: '/api/client/orders/delivery-queue/join', headers: driver.auth }))
          .statusCode,
      ).toBe(200);
      events.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          app.inject({ method: 'DELETE', url: '/api/client/orders/delivery-queue/leave', headers: driver.auth }),
        ),
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
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'DELETE', url: `/api/client/orders/food-lookup/${id}`, headers: owner.auth }),
      ),
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
        app.inject({
          method: 'PATCH',
          url: `/api/client/orders/food-lookup/${id}`,
          headers: owner.auth,
          payload: { name: 'Renamed' },
        }),
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
