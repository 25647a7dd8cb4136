import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { buildServer } from '../../core/http/server.ts';
import { sampleValue } from '../../tests/support/metrics-text.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { until } from '../../tests/support/until.ts';
import { appServices, plugins } from '../index.ts';
import type { OrdersPlugin } from './index.ts';
import type { OrderView } from './schemas.ts';

const MINUTE = 60_000;

/** Deadlines are data: everything here happens by moving the clock and sweeping, never by waiting. */
describe('order deadlines (the sweeper)', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  let clock = Date.parse('2026-11-20T18:00:00Z');
  let chef: TestUser;
  const drivers: TestUser[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    plugin = appServices(app.server.ctx).orders;
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    for (let i = 0; i < 3; i++) drivers.push(await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] }));
  });
  afterAll(() => app?.close());

  const post = (url: string, user: TestUser, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  async function newOrder(): Promise<OrderView> {
    const customer = await app.createUser();
    return plugin.orders.createOrder({ customerId: customer.id, item: 'Fries' });
  }
  const get = (id: string) => plugin.orders.get(id);
  async function cooking(user = chef): Promise<OrderView> {
    const order = await newOrder();
    expect((await post(`/api/client/orders/${order.id}/claim`, user)).statusCode).toBe(200);
    expect(
      (await post(`/api/client/orders/${order.id}/prepare`, user, { images: ['https://example.com/fries.png'] }))
        .statusCode,
    ).toBe(200);
    return order;
  }

  it('a claim expires after 4 minutes without preparing: back to the kitchen, and the chef may claim again', async () => {
    const order = await newOrder();
    await post(`/api/client/orders/${order.id}/claim`, chef);
    clock += 4 * MINUTE - 1;
    await plugin.sweeper.sweep();
    expect((await get(order.id)).status).toBe('CLAIMED');
    clock += 1;
    const seen: string[] = [];
    const off = app.server.ctx.events.on('orderUpdated', ({ order: o }) => void seen.push(`${o.id}:${o.status}`));
    expect((await plugin.sweeper.sweep()).claimsExpired).toBe(1);
    off();
    expect(await get(order.id)).toMatchObject({ status: 'ORDERED', claimedBy: null, claimExpiresAt: null });
    expect(seen).toEqual([`${order.id}:ORDERED`]);
    expect((await post(`/api/client/orders/${order.id}/claim`, chef)).statusCode).toBe(200);
    await post(`/api/client/orders/${order.id}/unclaim`, chef);
  });

  it('cooking ends after 3 minutes; ready orders go round-robin to free drivers; a stale assignment passes on', async () => {
    for (const d of drivers) {
      expect((await post('/api/client/orders/delivery-queue/join', d)).statusCode).toBe(200);
      clock += 1;
    }
    const first = await cooking();
    clock += 3 * MINUTE;
    await plugin.sweeper.sweep();
    expect(await get(first.id)).toMatchObject({ status: 'READY', assignedDriver: { id: drivers[0]!.id } });

    // A minute later a second order starts cooking; when it is done, the first assignment (3 minutes) has expired.
    clock += MINUTE;
    const second = await cooking();
    clock += 3 * MINUTE;
    await plugin.sweeper.sweep();
    // The stale one passes to the next driver in round-robin order; the new one to the next free driver after that.
    const passed = await get(first.id);
    expect(passed.assignedDriver?.id).toBe(drivers[1]!.id);
    expect(passed.assignmentExpiresAt).toBe(new Date(clock + 3 * MINUTE).toISOString());
    expect((await get(second.id)).assignedDriver?.id).toBe(drivers[2]!.id);

    // drivers[0], who let it expire, may not deliver it now; drivers[1] may.
    expect((await post(`/api/client/orders/${first.id}/deliver`, drivers[0]!, {})).statusCode).toBe(403);
    expect((await post(`/api/client/orders/${first.id}/deliver`, drivers[1]!, {})).statusCode).toBe(200);

    // Everyone lets `second` expire in turn (least recently assigned first); with nobody left it is released to
    // any MANAGE_ORDERS user.
    const holders: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      clock += 3 * MINUTE;
      await plugin.sweeper.sweep();
      holders.push((await get(second.id)).assignedDriver?.id);
    }
    expect(holders).toEqual([drivers[0]!.id, drivers[1]!.id, undefined]);
    expect(await get(second.id)).toMatchObject({ status: 'READY', assignedDriver: null, assignmentExpiresAt: null });
    expect((await post(`/api/client/orders/${second.id}/deliver`, chef, {})).statusCode).toBe(200);
  });

  it('leaving the queue hands the driver’s ready orders to the next driver', async () => {
    const order = await cooking();
    clock += 3 * MINUTE;
    await plugin.sweeper.sweep();
    const holder = (await get(order.id)).assignedDriver!.id;
    const leaver = drivers.find((d) => d.id === holder)!;
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/client/orders/delivery-queue/leave', headers: leaver.auth }))
        .statusCode,
    ).toBe(200);
    expect((await get(order.id)).assignedDriver).toBeNull();
    await plugin.sweeper.sweep();
    const now = (await get(order.id)).assignedDriver?.id;
    expect(now).toBeDefined();
    expect(now).not.toBe(holder);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/client/orders/delivery-queue/leave', headers: leaver.auth }))
        .statusCode,
    ).toBe(404);
    const holderNow = drivers.find((d) => d.id === now)!;
    await post(`/api/client/orders/${order.id}/deliver`, holderNow, {});
  });

  it('an order nobody claims within the hour is cancelled with a clear reason', async () => {
    const order = await newOrder();
    clock += 60 * MINUTE - 1;
    await plugin.sweeper.sweep();
    expect((await get(order.id)).status).toBe('ORDERED');
    clock += 1;
    const seen: OrderView[] = [];
    const off = app.server.ctx.events.on('cancelOrder', ({ order: o }) => void seen.push(o));
    expect((await plugin.sweeper.sweep()).cancelled).toBeGreaterThanOrEqual(1);
    off();
    const cancelled = await get(order.id);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.cancelReason).toBe(
      'Nobody in the kitchen claimed this order within 60 minutes, so it was cancelled. Please order again.',
    );
    expect(seen.some((o) => o.id === order.id)).toBe(true);
  });

  it('a claim that expires after the cancel deadline is cancelled in the same pass, with one event', async () => {
    const order = await newOrder();
    clock += 58 * MINUTE;
    await post(`/api/client/orders/${order.id}/claim`, chef);
    clock += 4 * MINUTE;
    const seen: string[] = [];
    const offs = (['orderUpdated', 'cancelOrder'] as const).map((name) =>
      app.server.ctx.events.on(name, ({ order: o }) => void (o.id === order.id && seen.push(`${name}:${o.status}`))),
    );
    await plugin.sweeper.sweep();
    for (const off of offs) off();
    expect(seen).toEqual(['cancelOrder:CANCELLED']);
  });

  it('a ready order no driver is free to take costs a sweep one look, no transaction; a driver joining makes it due', async () => {
    for (const d of drivers)
      await app.inject({ method: 'DELETE', url: '/api/client/orders/delivery-queue/leave', headers: d.auth });
    const order = await cooking();
    clock += 3 * MINUTE;
    await plugin.sweeper.sweep();
    expect(await get(order.id)).toMatchObject({ status: 'READY', assignedDriver: null });
    const idleSweep = async () => {
      const prototype = Object.getPrototypeOf(app.db.orm.em) as { transactional: (...args: unknown[]) => unknown };
      const transactions = vi.spyOn(prototype, 'transactional');
      try {
        clock += MINUTE;
        expect(await plugin.sweeper.sweep()).toEqual({
          claimsExpired: 0,
          cancelled: 0,
          ready: 0,
          assigned: 0,
          released: 0,
        });
        expect(transactions).not.toHaveBeenCalled();
      } finally {
        transactions.mockRestore();
      }
    };
    await idleSweep();
    expect((await post('/api/client/orders/delivery-queue/join', drivers[0]!)).statusCode).toBe(200);
    expect((await plugin.sweeper.sweep()).assigned).toBe(1);
    expect((await get(order.id)).assignedDriver?.id).toBe(drivers[0]!.id);
    // The driver lets it expire and is the only one queued: released, and not due again for that driver.
    clock += 3 * MINUTE;
    expect((await plugin.sweeper.sweep()).released).toBe(1);
    expect(await get(order.id)).toMatchObject({ status: 'READY', assignedDriver: null });
    await idleSweep();
    expect((await post('/api/client/orders/delivery-queue/join', drivers[1]!)).statusCode).toBe(200);
    expect((await plugin.sweeper.sweep()).assigned).toBe(1);
    expect((await get(order.id)).assignedDriver?.id).toBe(drivers[1]!.id);
    await post(`/api/client/orders/${order.id}/deliver`, drivers[1]!, {});
    for (const d of drivers.slice(0, 2))
      await app.inject({ method: 'DELETE', url: '/api/client/orders/delivery-queue/leave', headers: d.auth });
  });

  it('timers survive a restart: a second server on the same database finishes the job with its own sweeper', async () => {
    const claimed = await newOrder();
    await post(`/api/client/orders/${claimed.id}/claim`, chef);
    const other = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    const cooked = await cooking(other);
    await app.server.close();

    clock += 5 * MINUTE;
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: ':memory:',
        ORDER_SWEEP_INTERVAL_MS: '20',
      },
      plugins,
    );
    const second = await buildServer({ config, orm: app.db.orm, plugins, site: null, now: () => clock });
    try {
      const orders = appServices(second.ctx).orders.orders;
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const [a, b] = [await orders.get(claimed.id), await orders.get(cooked.id)];
        if (a.status === 'ORDERED' && b.status === 'READY') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await orders.get(claimed.id)).status).toBe('ORDERED');
      expect((await orders.get(cooked.id)).status).toBe('READY');
    } finally {
      await second.close();
    }
  });
});

describe('the sweeper in metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      env: { ORDER_SWEEP_INTERVAL_MS: '20', METRICS_TOKEN: 'metrics-token-for-the-tests-0123456789' },
    });
  });
  afterAll(() => app?.close());

  const lagGauge = async () =>
    sampleValue(
      await app.server.metrics.registry.getSingleMetricAsString('vd_order_sweep_lag_seconds'),
      'vd_order_sweep_lag_seconds',
    )!;

  it('shows a sweep stuck past its schedule as growing lag, and the lag gone once sweeps run on time again', async () => {
    const job = app.server.jobs.get('orders.sweep')!;
    // Not a whole scrape: the orders gauge would wait for the locked table too.
    const sweeps = async () =>
      sampleValue(
        await app.server.metrics.registry.getSingleMetricAsString('vd_order_sweep_duration_seconds'),
        'vd_order_sweep_duration_seconds_count',
      ) ?? 0;
    await until(async () => (await sweeps()) >= 1);
    // Hold the orders table: the next sweep waits for it (PGlite runs one transaction at a time anyway).
    await app.db.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table orders in access exclusive mode');
      await until(async () => (await lagGauge()) >= 0.3);
      expect(job.lagMs).toBeGreaterThanOrEqual(300);
    });
    const stuck = await sweeps();
    await until(async () => (await sweeps()) >= stuck + 3 && (await lagGauge()) < 0.3);
    expect(await lagGauge()).toBeLessThan(0.3);
  });
});
