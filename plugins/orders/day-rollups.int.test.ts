import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../core/db/orm.ts';
import { addDays } from '../../core/shared/days.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { markDaysChanged } from './day-rollups.ts';
import type { OrdersPlugin } from './index.ts';
import { kitchenDaysIn, memberWorkIn } from './kitchen-figures.ts';
import { type PastOrder, recordPastClaimExpiriesIn, recordPastOrdersIn } from './past-orders.ts';

/**
 * Daily rollups (day-rollups.ts) give the figures the live count gives (kitchen-figures.ts): for periods of ended
 * days, of ended days and today, and after a write that changed an ended day. Every write of the kitchen is made
 * the way the product makes it (the API, the sweeper, the recording of past orders): a change of an ended day's
 * figures is marked by the write itself. On PostgreSQL (TEST_DATABASE_URL) closers and changes also race for real.
 */
const MINUTE = 60_000;
const MEMBER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
// Wednesday 25 November, noon (the app's clock): the 30 days are 27 October to today.
const NOW = Date.parse('2026-11-25T12:00:00Z');
const TODAY = '2026-11-25';
const FROM_30 = addDays(TODAY, -29);
const TOMORROW = addDays(TODAY, 1);
const at = (iso: string) => new Date(iso);

describe('daily rollups of the kitchen figures', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  const chefs: TestUser[] = [];
  const drivers: TestUser[] = [];
  /** Chefs who each hold one order claimed on an ended day (a chef holds one claim at a time). */
  const holders: TestUser[] = [];
  let customer: TestUser;

  /** A delivered order claimed at `moment` (odd seconds and microseconds: the durations must add up exactly). */
  function delivered(moment: number, i: number, report = false): PastOrder {
    const claimed = moment + (i % 7) * 1000 + 0.123;
    const prepared = claimed + (2 + (i % 5)) * MINUTE + 17_321;
    const ready = prepared + 3 * MINUTE;
    const chef = chefs[i % chefs.length]!.id;
    return {
      customer: customer.id,
      item: 'Fries',
      mentions: [],
      status: 'DELIVERED',
      claimedBy: chef,
      claimedAt: new Date(claimed),
      preparedBy: chef,
      prepareStartedAt: new Date(prepared),
      readyAt: new Date(ready),
      deliveredBy: drivers[i % drivers.length]!.id,
      deliveredAt: new Date(ready + (4 + (i % 9)) * MINUTE + 999),
      report,
      orderedAt: new Date(moment - MINUTE),
      updatedAt: new Date(moment),
    };
  }

  /** An order `holder` claimed at `moment` and still holds. */
  // A customer has one active order, so each claimed order is a customer's own (from Discord: no user here).
  let customers = 0;
  const claimed = (holder: TestUser, moment: Date): PastOrder & { customer: string } => ({
    customer: `12000000000000000${String(++customers).padStart(2, '0')}`,
    item: 'Tea',
    mentions: [],
    status: 'CLAIMED',
    claimedBy: holder.id,
    claimedAt: moment,
    claimExpiresAt: new Date(NOW + 60 * MINUTE),
    orderedAt: new Date(moment.getTime() - MINUTE),
    updatedAt: moment,
  });

  const em = () => app.db.orm.em.fork();
  const record = async (orders: PastOrder[]) => em().transactional((tx) => recordPastOrdersIn(tx, orders));
  const staleDays = async () =>
    (await em().execute<{ day: string }[]>('select day from order_days where stale order by day')).map((r) => r.day);
  /** The days from `from` on whose rollup is current (read from it, not counted live). */
  const rolledDays = async (from: string) =>
    (
      await em().execute<{ day: string }[]>('select day from order_days where day >= ? and not stale order by day', [
        from,
      ])
    ).map((r) => r.day);

  /** The same figures read through the rollups (where current) and counted live from the orders alone. */
  async function both(fromDay: string, toDay: string, user: string | null = null) {
    const [rolled, live] = await Promise.all([
      memberWorkIn(em(), { fromDay, toDay, user }),
      memberWorkIn(em(), { fromDay, toDay, user, rollups: false }),
    ]);
    return { rolled: Object.fromEntries(rolled), live: Object.fromEntries(live) };
  }
  async function bothDaily(user: string | null = null) {
    const query = { fromDay: FROM_30, toDay: TOMORROW, user };
    return {
      rolled: Object.fromEntries(await kitchenDaysIn(em(), query)),
      live: Object.fromEntries(await kitchenDaysIn(em(), { ...query, rollups: false })),
    };
  }
  async function expectRollupsEqualLive() {
    for (const [from, to] of [
      [FROM_30, TOMORROW],
      ['2026-11-01', '2026-12-01'],
      ['2026-11-23', TOMORROW],
      ['2026-11-16', '2026-11-23'],
      ['2026-11-24', TODAY],
    ] as const) {
      const { rolled, live } = await both(from, to);
      expect(rolled, `${from}…${to}`).toEqual(live);
      const one = await both(from, to, chefs[0]!.id);
      expect(one.rolled).toEqual(one.live);
    }
    const kitchen = await bothDaily();
    expect(kitchen.rolled).toEqual(kitchen.live);
    const mine = await bothDaily(drivers[1]!.id);
    expect(mine.rolled).toEqual(mine.live);
  }
  const unclaim = (holder: TestUser, id: string) =>
    app.inject({ method: 'POST', url: `/api/client/orders/${id}/unclaim`, headers: holder.auth });

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => NOW });
    plugin = appServices(app.server.ctx).orders;
    for (let i = 0; i < 3; i++) chefs.push(await app.createUser({ rankPermissions: MEMBER }));
    for (let i = 0; i < 2; i++) drivers.push(await app.createUser({ rankPermissions: MEMBER }));
    for (let i = 0; i < 6; i++) holders.push(await app.createUser({ rankPermissions: MEMBER }));
    customer = await app.createUser();
    // Orders on each of the 40 days before today and this morning, a few each, some reported; one claimed at 23:55
    // yesterday and delivered after midnight.
    const orders: PastOrder[] = [];
    let i = 0;
    for (let back = 40; back >= 0; back--) {
      const day = Date.parse(`${addDays(TODAY, -back)}T00:00:00Z`);
      for (let k = 0; k < 1 + (back % 4); k++, i++)
        orders.push(delivered(day + (8 + k) * 60 * MINUTE, i, i % 11 === 5));
    }
    orders.push(delivered(Date.parse('2026-11-24T23:55:00Z'), i++));
    await record(orders);
    // Expired claims: one a week ago, one claimed yesterday 23:58 that expired today.
    await em().transactional((tx) =>
      recordPastClaimExpiriesIn(tx, [
        {
          orderId: 'gone-1',
          chef: chefs[0]!.id,
          claimedAt: at('2026-11-18T10:00:00Z'),
          expiredAt: at('2026-11-18T10:05:00Z'),
        },
        {
          orderId: 'gone-2',
          chef: chefs[1]!.id,
          claimedAt: at('2026-11-24T23:58:00Z'),
          expiredAt: at('2026-11-25T00:03:00Z'),
        },
      ]),
    );
  });
  afterAll(() => app?.close());

  it('rolls up each ended day once (35 days back on a database that never did), today never', async () => {
    expect(await plugin.days.due()).toHaveLength(35);
    const written = await plugin.days.closeDue();
    expect(written[0]).toBe(addDays(TODAY, -35));
    expect(written.at(-1)).toBe('2026-11-24');
    expect(await plugin.days.closeDue()).toEqual([]);
    expect(await plugin.days.close(TODAY)).toBe(false);
    const rolled = await rolledDays(FROM_30);
    expect(rolled).toHaveLength(29);
    expect(rolled.at(-1)).toBe('2026-11-24');
  });

  it('gives the figures the live count gives: ended days alone, ended days and today, one member, per day', async () => {
    await expectRollupsEqualLive();
    // Not vacuous: the 30 days hold orders, reports and durations.
    const { rolled } = await both(FROM_30, TOMORROW);
    const chef = rolled[chefs[0]!.id]!;
    expect(chef.prepared).toBeGreaterThan(10);
    expect(chef.claimToPrepared.n).toBeGreaterThan(10);
    expect(Object.values(rolled).reduce((sum, w) => sum + w.reported, 0)).toBeGreaterThan(0);
    // And they are what is read: a rollup changed by hand shows (then is put back).
    const driver = drivers[0]!.id;
    const tamper = (by: number) =>
      em().execute(`update order_member_days set delivered = delivered + ? where day = '2026-11-10' and user_id = ?`, [
        by,
        driver,
      ]);
    await tamper(100);
    const tampered = await both(FROM_30, TOMORROW, driver);
    expect(tampered.rolled[driver]!.delivered).toBe(tampered.live[driver]!.delivered + 100);
    await tamper(-100);
  });

  it('an unclaim of a claim made on an ended day marks that day: counted live until the closer writes it again', async () => {
    const [held] = await record([claimed(holders[0]!, at('2026-11-20T09:00:00Z'))]);
    await plugin.days.closeDue();
    const before = await both(FROM_30, TOMORROW);
    expect(before.rolled[holders[0]!.id]!.claimed).toBe(1);

    expect((await unclaim(holders[0]!, held!.id)).statusCode).toBe(200);
    expect(await staleDays()).toEqual(['2026-11-20']);
    const after = await both(FROM_30, TOMORROW);
    expect(after.rolled).toEqual(after.live);
    expect(after.rolled[holders[0]!.id]).toBeUndefined();

    expect(await plugin.days.closeDue()).toEqual(['2026-11-20']);
    expect(await staleDays()).toEqual([]);
    await expectRollupsEqualLive();
  });

  it('orders and expired claims recorded after the fact mark the ended days they count on', async () => {
    await record([delivered(Date.parse('2026-11-12T10:00:00Z'), 3)]);
    await em().transactional((tx) =>
      recordPastClaimExpiriesIn(tx, [
        {
          orderId: 'gone-3',
          chef: chefs[2]!.id,
          claimedAt: at('2026-11-21T23:59:00Z'),
          expiredAt: at('2026-11-22T00:04:00Z'),
        },
      ]),
    );
    expect(await staleDays()).toEqual(['2026-11-12', '2026-11-21', '2026-11-22']);
    await expectRollupsEqualLive();
    await plugin.days.closeDue();
    expect(await staleDays()).toEqual([]);
    await expectRollupsEqualLive();
  });

  it("the kitchen's other steps on an order of an ended day leave that day's figures as they were", async () => {
    const orders = appServices(app.server.ctx).orders.orders;
    const actor = { id: holders[1]!.id, permissions: 0 };
    const cancelling = claimed(holders[2]!, at('2026-11-23T22:10:00Z'));
    const [toCook, toCancel, toExpire] = await record([
      claimed(holders[1]!, at('2026-11-23T22:00:00Z')),
      cancelling,
      { ...claimed(holders[3]!, at('2026-11-23T22:20:00Z')), claimExpiresAt: new Date(NOW - MINUTE) },
    ]);
    await plugin.days.closeDue();
    // Cooked and delivered today; cancelled by its customer; its claim expired (the sweeper keeps the holder).
    await orders.prepare(actor, toCook!.id, { images: ['https://example.com/a.png'], chefNote: 'Hot' });
    await em().execute(`update orders set ready_at = ? where id = ?`, [new Date(NOW - MINUTE), toCook!.id]);
    await plugin.sweeper.sweep();
    await orders.deliver({ id: drivers[0]!.id, permissions: 0 }, toCook!.id, { report: false, reportReason: null });
    await orders.cancelOrder(toCancel!.id, cancelling.customer, 'Changed my mind');
    expect((await orders.get(toExpire!.id)).status).toBe('ORDERED');
    expect(await staleDays()).toEqual([]);
    await expectRollupsEqualLive();
  });

  it("marking takes no lock for the database's today, and a shared lock for an ended day", async () => {
    const advisoryLocks = async (tx: ReturnType<typeof em>) => {
      const [row] = await tx.execute<{ n: number | string }[]>(
        `select count(*) as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
      );
      return Number(row!.n);
    };
    await em().transactional(async (tx) => {
      await markDaysChanged(tx, [new Date()]);
      expect(await advisoryLocks(tx)).toBe(0);
      await markDaysChanged(tx, [at('2026-11-20T10:00:00Z')]);
      expect(await advisoryLocks(tx)).toBe(1);
    });
    expect(await staleDays()).toEqual(['2026-11-20']);
    await plugin.days.closeDue();
  });

  it('the closer waits for a transaction begun before a day ended, and leaves the day for later if it does not end', async () => {
    if (app.db.driver === 'pglite') return; // one session: nothing else can be running
    const pool = poolOf(app.db.orm)!.pool!;
    const other = await pool.connect();
    try {
      await other.query('begin');
      const [{ began }] = (await other.query<{ began: Date | string }>('select now() as began')).rows as [
        { began: Date | string },
      ];
      const end = new Date(new Date(began).getTime() + 20);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await plugin.days.writersBefore(end, 100)).toBe(false);
      const waiting = plugin.days.writersBefore(end, 10_000);
      setTimeout(() => void other.query('commit'), 150);
      expect(await waiting).toBe(true);
      // A day the database's clock has not ended is never closed.
      expect(await plugin.days.writersBefore(new Date(Date.now() + 60 * MINUTE), 0)).toBe(false);
    } finally {
      await other.query('rollback').catch(() => {});
      other.release();
    }
  });

  it('closers and late changes at once: every day is written, and every current rollup equals its live count', async () => {
    // Claims of three ended days, given back while five closers write those days.
    const moments = ['2026-11-10T09:00:00Z', '2026-11-11T09:00:00Z', '2026-11-12T09:00:00Z'];
    const held = await record(moments.map((moment, k) => claimed(holders[k + 3]!, at(moment))));
    await record([delivered(Date.parse('2026-11-13T10:00:00Z'), 5)]);
    const due = await plugin.days.due();
    expect(due).toEqual(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => plugin.days.closeDue()),
      ...held.map((order, k) => unclaim(holders[k + 3]!, order.id)),
    ]);
    const written = results.slice(0, 5).flat() as string[];
    // A day changed again after a call wrote it may be written again by a later call; no other day is.
    expect(new Set(written)).toEqual(new Set(due));
    await plugin.days.closeDue();
    expect(await staleDays()).toEqual([]);
    await expectRollupsEqualLive();
  });
});

describe('daily rollups of a diner that never rolled a day up', () => {
  let app: TestApp;
  let plugin: OrdersPlugin;
  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => NOW });
    plugin = appServices(app.server.ctx).orders;
  });
  afterAll(() => app?.close());

  it('has no empty day to write, then rolls up from the first day anything counts on, at most 35 days back', async () => {
    expect(await plugin.days.due()).toEqual([]);
    expect(await plugin.days.closeDue()).toEqual([]);
    const chef = await app.createUser({ rankPermissions: MEMBER });
    await app.db.orm.em.fork().transactional((tx) =>
      recordPastClaimExpiriesIn(tx, [
        {
          orderId: 'gone',
          chef: chef.id,
          claimedAt: at('2026-11-22T10:00:00Z'),
          expiredAt: at('2026-11-22T10:05:00Z'),
        },
      ]),
    );
    expect(await plugin.days.due()).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    const customer = await app.createUser();
    await app.db.orm.em.fork().transactional((tx) =>
      recordPastOrdersIn(tx, [
        {
          customer: customer.id,
          item: 'Soup',
          mentions: [],
          status: 'CANCELLED',
          orderedAt: at('2026-10-01T10:00:00Z'),
          updatedAt: at('2026-10-01T10:30:00Z'),
        },
      ]),
    );
    const due = await plugin.days.due();
    expect(due).toHaveLength(35);
    expect(due[0]).toBe(addDays(TODAY, -35));
  });
});
