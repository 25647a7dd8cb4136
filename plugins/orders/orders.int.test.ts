import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { OrdersPlugin } from './index.ts';
import type { OrderView } from './schemas.ts';
import { kitchenOf } from './test-helpers.ts';

const START = Date.parse('2026-11-20T12:00:00Z');

describe('order lifecycle', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let clock = START;
  let chef: TestUser;
  let chef2: TestUser;
  let driver: TestUser;
  let manager: TestUser;
  let customer: TestUser;
  const events: { name: string; order: OrderView }[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    plugin = appServices(app.server.ctx).orders;
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    chef2 = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    driver = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    manager = await app.createUser({ rankPermissions: ['MANAGE_ORDERS', 'VIEW_BACKLOG'] });
    customer = await app.createUser();
    for (const name of ['orderSent', 'orderUpdated', 'cancelOrder', 'orderDeleted', 'deliverOrder'] as const) {
      app.server.ctx.events.on(name, (payload) => void events.push({ name, order: payload.order }));
    }
  });
  afterAll(() => app?.close());

  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, user: TestUser, payload?: unknown) =>
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

  it('goes ordered → claimed → preparing → ready → assigned → delivered, one event per step, after commit', async () => {
    await post('/api/client/orders/delivery-queue/join', driver);
    events.length = 0;
    const order = await newOrder(customer.id, 'Cheese burger');
    expect(order).toMatchObject({ status: 'ORDERED', orderedBy: { id: customer.id }, item: 'Cheese burger' });
    expect(order.orderID).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(order.cancelAt).toBe(new Date(clock + 3_600_000).toISOString());

    const claimed = await post(`/api/client/orders/${order.orderID.toLowerCase()}/claim`, chef);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().order).toMatchObject({
      status: 'CLAIMED',
      claimedBy: { id: chef.id },
      claimExpiresAt: new Date(clock + 240_000).toISOString(),
    });

    const list = await call('GET', '/api/client/orders', chef);
    expect(list.statusCode).toBe(200);
    expect((list.json().orders as OrderView[]).find((o) => o.id === order.id)?.status).toBe('CLAIMED');
    // gzip, which the list is made in (parts: ADR 0024), for a browser that takes brotli too; plain for brotli alone
    // and for a client that refuses gzip (q=0).
    const listAsked = (acceptEncoding: string) =>
      app.inject({
        method: 'GET',
        url: '/api/client/orders',
        headers: { ...chef.auth, 'accept-encoding': acceptEncoding },
      });
    const zipped = await listAsked('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(list.json());
    for (const plain of [await listAsked('br'), await listAsked('gzip;q=0, br')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(list.json());
    }

    clock += 60_000;
    const prepared = await post(`/api/client/orders/${order.id}/prepare`, chef, {
      images: ['https://example.com/burger.png', '/uploads/abcdefghijklmnop1234.png'],
      chefNote: ' Extra pickles ',
    });
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().order).toMatchObject({
      status: 'PREPARING',
      preparedBy: { id: chef.id },
      chefNote: 'Extra pickles',
      claimExpiresAt: null,
    });

    const early = await post(`/api/client/orders/${order.id}/deliver`, driver, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ statusCode: 409, error: 'Conflict', status: 'PREPARING' });

    clock += 179_000;
    expect((await plugin.sweeper.sweep()).ready).toBe(0);
    clock += 1_000;
    const swept = await plugin.sweeper.sweep();
    expect(swept).toMatchObject({ ready: 1, assigned: 1 });
    const ready = await row(order.id);
    expect(ready).toMatchObject({
      status: 'READY',
      assignedDriver: { id: driver.id },
      assignmentExpiresAt: new Date(clock + 180_000).toISOString(),
    });

    expect((await post(`/api/client/orders/${order.id}/deliver`, chef2, {})).statusCode).toBe(403);
    const delivered = await post(`/api/client/orders/${order.id}/deliver`, driver, { report: false });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().order).toMatchObject({
      status: 'DELIVERED',
      deliveredBy: { id: driver.id },
      report: false,
      assignmentExpiresAt: null,
    });
    // A transition's answer is the view a read gives, everyone it names by their name (createUser's `user<last 6>`).
    const read = await row(order.id);
    expect(delivered.json().order).toEqual(read);
    for (const [person, user] of [
      [read.orderedBy, customer],
      [read.claimedBy, chef],
      [read.preparedBy, chef],
      [read.assignedDriver, driver],
      [read.deliveredBy, driver],
    ] as const) {
      expect(person).toEqual({ id: user.id, username: `user${user.id.slice(-6)}`, displayName: null, avatar: null });
    }
    // A customer who never signed in here has no users row: the answer names them by id alone, as a read does.
    const botOnly = '1300000000000000777';
    const unknownCustomer = await newOrder(botOnly);
    const claimedUnknown = await post(`/api/client/orders/${unknownCustomer.id}/claim`, chef2);
    expect(claimedUnknown.json().order.orderedBy).toEqual({
      id: botOnly,
      username: 'Unknown user',
      displayName: null,
      avatar: null,
    });
    expect(claimedUnknown.json().order).toEqual(await row(unknownCustomer.id));
    expect((await post(`/api/client/orders/${unknownCustomer.id}/unclaim`, chef2)).statusCode).toBe(200);

    const after = (await call('GET', '/api/client/orders', chef)).json().orders as OrderView[];
    expect(after.some((o) => o.id === order.id)).toBe(false);
    expect(events.filter((e) => e.order.id === order.id).map((e) => `${e.name}:${e.order.status}`)).toEqual([
      'orderSent:ORDERED',
      'orderUpdated:CLAIMED',
      'orderUpdated:PREPARING',
      'orderUpdated:READY',
      'deliverOrder:DELIVERED',
    ]);
    // After commit: a listener reading the database sees what the event says.
    const seenInDb: Promise<[string, string]>[] = [];
    const off = app.server.ctx.events.on(
      'orderUpdated',
      ({ order: o }) => void seenInDb.push(plugin.orders.get(o.id).then((r) => [o.status, r.status])),
    );
    const again = await newOrder();
    await post(`/api/client/orders/${again.id}/claim`, chef2);
    expect(await Promise.all(seenInDb)).toEqual([['CLAIMED', 'CLAIMED']]);
    await post(`/api/client/orders/${again.id}/unclaim`, chef2);
    off();
    expect(await Promise.all(seenInDb)).toEqual([
      ['CLAIMED', 'CLAIMED'],
      ['ORDERED', 'ORDERED'],
    ]);
    // JSON-safe and small enough for NOTIFY.
    for (const e of events) expect(Buffer.byteLength(JSON.stringify(e.order))).toBeLessThan(8000);

    expect(await plugin.stats.figuresFor(chef.id)).toMatchObject({ prepared: 1 });
    expect(await plugin.stats.figuresFor(driver.id)).toMatchObject({ delivered: 1 });
    expect(await plugin.stats.figuresFor(customer.id)).toEqual({ ordered: 1, prepared: 0, delivered: 0 });
    const history = await call('GET', `/api/client/orders/user/${customer.id}`, customer);
    expect(history.statusCode).toBe(200);
    expect(history.json().orders[0]).toMatchObject({ id: order.id, status: 'DELIVERED' });
    expect((await call('DELETE', '/api/client/orders/delivery-queue/leave', driver)).statusCode).toBe(200);
  });

  it('a chef holds one claimed order at a time, and never their own', async () => {
    const cook = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    const first = await claimedBy(cook);
    const second = await newOrder();
    const again = await post(`/api/client/orders/${second.id}/claim`, cook);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(first.orderID);
    expect((await row(second.id)).status).toBe('ORDERED');

    const own = await newOrder(cook.id);
    const self = await post(`/api/client/orders/${own.id}/claim`, chef2);
    expect(self.statusCode).toBe(200);
    await post(`/api/client/orders/${own.id}/unclaim`, chef2);
    await post(`/api/client/orders/${first.id}/unclaim`, cook);
    const mine = await post(`/api/client/orders/${own.id}/claim`, cook);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe('You cannot claim your own order.');
    await post(`/api/client/orders/${own.id}/unclaim`, manager);
  });

  it("refuses in the reader's language, and in English to a caller who names none", async () => {
    const amelie = await app.createUser({ username: 'amelie', rankPermissions: ['MANAGE_ORDERS'] });
    const order = await claimedBy(amelie);
    const claim = (language?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/client/orders/${order.id}/claim`,
        headers: { ...chef2.auth, ...(language ? { 'accept-language': language } : {}) },
      });
    const conflict = { statusCode: 409, error: 'Conflict', status: 'CLAIMED' };
    expect((await claim('fr-FR,fr;q=0.9')).json()).toMatchObject({
      ...conflict,
      message: `La commande ${order.orderID} est déjà prise par amelie.`,
    });
    expect((await claim('de')).json()).toMatchObject({
      ...conflict,
      message: `Bestellung ${order.orderID} wurde schon von amelie übernommen.`,
    });
    expect((await claim()).json()).toMatchObject({
      ...conflict,
      message: `Order ${order.orderID} is already claimed by amelie.`,
    });
    await post(`/api/client/orders/${order.id}/unclaim`, amelie);
    const own = await newOrder(amelie.id);
    const mine = await app.inject({
      method: 'POST',
      url: `/api/client/orders/${own.id}/claim`,
      headers: { ...amelie.auth, 'accept-language': 'es' },
    });
    expect(mine.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'No puedes tomar tu propio pedido.' });
  });

  it('prepare refuses unsafe or too many images and a long note, and changes nothing', async () => {
    const order = await claimedBy(chef);
    const bad = [
      { images: ['javascript:alert(1)'] },
      { images: ['data:image/png;base64,iVBORw0KGgo='] },
      { images: ['http://example.com/a.png'] },
      { images: ['https://example.com/page.html'] },
      { images: ['https://user:pw@example.com/a.png'] },
      { images: ['//evil.example/a.png'] },
      { images: ['/uploads/../../etc/passwd.png'] },
      {
        images: [
          'https://a.example/1.png',
          'https://a.example/2.png',
          'https://a.example/3.png',
          'https://a.example/4.png',
        ],
      },
      { images: [] },
      { images: ['https://example.com/a.png'], chefNote: 'x'.repeat(501) },
      { images: ['https://example.com/a.png'], extra: true },
      { images: 'https://example.com/a.png' },
    ];
    for (const body of bad) {
      const answer = await post(`/api/client/orders/${order.id}/prepare`, chef, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const unchanged = await row(order.id);
    expect(unchanged).toMatchObject({ status: 'CLAIMED', images: [], chefNote: null, preparedBy: null });
    const ok = await post(`/api/client/orders/${order.id}/prepare`, chef, {
      images: ['https://example.com/a.png'],
      chefNote: 'x'.repeat(500),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('prepare refuses pictures on private addresses, local names and backslashed URLs, with the reason', async () => {
    const order = await claimedBy(chef);
    const refused: [string, string][] = [
      ['https://127.0.0.1:4816/x.png', 'Image URLs must point at a public host: 127.0.0.1 is a loopback address.'],
      [
        'https://169.254.169.254/latest/x.png',
        'Image URLs must point at a public host: 169.254.169.254 is a link-local address.',
      ],
      ['https://192.168.1.20/x.png', 'Image URLs must point at a public host: 192.168.1.20 is a private address.'],
      ['https://[::1]/x.png', 'Image URLs must point at a public host: [::1] is a loopback address.'],
      ['https://[fd00::1]/x.png', 'Image URLs must point at a public host: [fd00::1] is a unique-local address.'],
      [
        'https://[::ffff:10.0.0.1]/x.png',
        'Image URLs must point at a public host: [::ffff:a00:1] is a private address.',
      ],
      ['https://localhost/x.png', 'Image URLs must point at a public host: localhost is a local name.'],
      ['https:\\\\127.0.0.1\\x.png', 'Image URLs may not contain a backslash.'],
    ];
    for (const [url, message] of refused) {
      const answer = await post(`/api/client/orders/${order.id}/prepare`, chef, {
        images: ['https://example.com/fine.png', url],
      });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    }
    expect(await row(order.id)).toMatchObject({ status: 'CLAIMED', images: [] });
    const admin = await app.createUser({ rankPermissions: ['SUPER_ADMIN'] });
    const lookup = await post('/api/client/orders/food-lookup/items', admin, {
      name: 'Sneaky fries',
      images: ['https://10.1.1.1/fries.png'],
    });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().message).toBe('Image URLs must point at a public host: 10.1.1.1 is a private address.');
    await post(`/api/client/orders/${order.id}/unclaim`, chef);
  });

  it('malformed requests are 400 in the error shape, never 500, and change nothing', async () => {
    const order = await claimedBy(chef);
    const cook = await app.createUser({ rankPermissions: ['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP'] });
    const raw = (method: 'POST' | 'DELETE', url: string, payload: string, type = 'application/json') =>
      app.inject({
        method,
        url,
        payload,
        headers: { ...(url.includes('food-lookup') ? cook : chef).auth, 'content-type': type },
      });
    const answers = [
      await raw('POST', `/api/client/orders/${order.id}/prepare`, '{"images": ['),
      await raw('POST', `/api/client/orders/${order.id}/prepare`, 'null'),
      await raw('POST', `/api/client/orders/${order.id}/prepare`, '{"images": [null]}'),
      await raw('POST', `/api/client/orders/${order.id}/prepare`, JSON.stringify({ images: ['x'.repeat(600)] })),
      await raw('POST', `/api/client/orders/${order.id}/deliver`, '{"report": "yes"}'),
      await raw('DELETE', `/api/client/orders/${order.id}/delete`, '{"reason": 5}'),
      await raw('POST', '/api/client/orders/images/search', '{"query": {"$gt": ""}}'),
      await raw('POST', '/api/client/orders/food-lookup', '[]'),
      await app.inject({ method: 'GET', url: '/api/client/orders/user/12345', headers: chef.auth }),
      await app.inject({ method: 'GET', url: '/api/client/orders/leaderboard?period[]=day' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, `${answers.indexOf(answer)} ${answer.body}`).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    }
    expect(answers[8]!.json().message).toBe('User ID is not a snowflake');
    expect(await row(order.id)).toMatchObject({ status: 'CLAIMED', images: [] });
    await post(`/api/client/orders/${order.id}/unclaim`, chef);
  });

  it('only the holder (or an order manager) unclaims or prepares; wrong states answer 409 with the state', async () => {
    const order = await claimedBy(chef2);
    expect((await post(`/api/client/orders/${order.id}/unclaim`, chef)).statusCode).toBe(403);
    expect(
      (await post(`/api/client/orders/${order.id}/prepare`, chef, { images: ['https://example.com/a.png'] }))
        .statusCode,
    ).toBe(403);
    const released = await post(`/api/client/orders/${order.id}/unclaim`, manager);
    expect(released.statusCode).toBe(200);
    expect(released.json().order).toMatchObject({ status: 'ORDERED', claimedBy: null });
    const twice = await post(`/api/client/orders/${order.id}/unclaim`, chef2);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ status: 'ORDERED' });
    expect((await post(`/api/client/orders/ZZZZZZ/claim`, chef)).statusCode).toBe(404);
    expect((await post(`/api/client/orders/not-an-id/claim`, chef)).statusCode).toBe(400);
  });

  it('a report needs a reason, and a reported order counts for nobody', async () => {
    const order = await readyOrder();
    expect((await post(`/api/client/orders/${order.id}/deliver`, chef2, { report: true })).statusCode).toBe(400);
    const before = await plugin.stats.figuresFor(chef.id);
    const reported = await post(`/api/client/orders/${order.id}/deliver`, chef2, {
      report: true,
      reportReason: 'Troll order',
    });
    expect(reported.statusCode).toBe(200);
    expect(reported.json().order).toMatchObject({ status: 'DELIVERED', report: true, reportReason: 'Troll order' });
    expect(await plugin.stats.figuresFor(chef.id)).toEqual(before);
  });

  it('delete: a reason is required; kitchen staff delete waiting orders, only managers orders others work on', async () => {
    const waiting = await newOrder();
    expect((await call('DELETE', `/api/client/orders/${waiting.id}/delete`, chef, {})).statusCode).toBe(400);
    expect((await call('DELETE', `/api/client/orders/${waiting.id}/delete`, chef, { reason: '  ' })).statusCode).toBe(
      400,
    );
    const deleted = await call('DELETE', `/api/client/orders/${waiting.id}/delete`, chef, { reason: 'Not food' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().order).toMatchObject({ status: 'DELETED', deleteReason: 'Not food' });
    const held = await claimedBy(chef2);
    expect((await call('DELETE', `/api/client/orders/${held.id}/delete`, chef, { reason: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/client/orders/${held.id}/delete`, chef2, { reason: 'x' })).statusCode).toBe(200);
  });

  it('customers have one active order and may cancel it until it is being prepared', async () => {
    const buyer = await app.createUser();
    const order = await newOrder(buyer.id);
    await expect(newOrder(buyer.id)).rejects.toMatchObject({ kind: 'conflict' });
    await expect(plugin.orders.cancelOrder(order.orderID, chef.id)).rejects.toMatchObject({ kind: 'forbidden' });
    const cancelled = await plugin.orders.cancelOrder(order.orderID, buyer.id, 'Changed my mind');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Changed my mind' });
    expect(events.at(-1)).toMatchObject({ name: 'cancelOrder' });
    const next = await newOrder(buyer.id);
    await post(`/api/client/orders/${next.id}/claim`, chef2);
    await post(`/api/client/orders/${next.id}/prepare`, chef2, { images: ['https://example.com/a.png'] });
    await expect(plugin.orders.cancelOrder(next.id, buyer.id)).rejects.toMatchObject({ kind: 'conflict' });
  });
});
