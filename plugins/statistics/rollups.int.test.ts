import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../core/db/orm.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { OrderSchema } from '../orders/entities.ts';
import { orderCode } from '../orders/service.ts';
import type { StatisticsPlugin } from './index.ts';
import { dailyFigures, memberFigures } from './queries.ts';
import { addDays } from './schemas.ts';

/**
 * Daily rollups (day-closer.ts) give the figures the live count gives: for periods of closed days, of closed days
 * and today, and after an order of a closed day changed. On PostgreSQL (TEST_DATABASE_URL) the closers and the
 * changes also race for real.
 */
const MINUTE = 60_000;
const MEMBER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_MANAGEMENT_STATISTICS'];
const DIRECTOR: Permission[] = [...MEMBER, 'MANAGE_MANAGEMENT_STATISTICS'];
// Wednesday 25 November, noon: the 30 days are 27 October to today.
const NOW = Date.parse('2026-11-25T12:00:00Z');
const TODAY = '2026-11-25';
const FROM_30 = addDays(TODAY, -29);
const TOMORROW = addDays(TODAY, 1);

describe('daily rollups', () => {
  let app: TestApp;
  let stats: StatisticsPlugin;
  const chefs: TestUser[] = [];
  const drivers: TestUser[] = [];
  let director: TestUser;
  let customer: TestUser;

  /** A delivered order claimed at `at` (odd seconds and microseconds: the averages must add up exactly). */
  function order(at: number, i: number, options: { report?: boolean; unclaimed?: boolean } = {}) {
    const claimed = at + (i % 7) * 1000 + 0.123;
    const prepared = claimed + (2 + (i % 5)) * MINUTE + 17_321;
    const ready = prepared + 3 * MINUTE;
    const delivered = ready + (4 + (i % 9)) * MINUTE + 999;
    const chef = chefs[i % chefs.length]!.id;
    return {
      orderID: orderCode(),
      customer: customer.id,
      item: 'Fries',
      mentions: [],
      status: 'DELIVERED' as const,
      claimedBy: chef,
      claimedAt: options.unclaimed ? null : new Date(claimed),
      preparedBy: chef,
      prepareStartedAt: new Date(prepared),
      readyAt: new Date(ready),
      deliveredBy: drivers[i % drivers.length]!.id,
      deliveredAt: new Date(delivered),
      report: options.report ?? false,
      orderedAt: new Date(at - MINUTE),
      updatedAt: new Date(delivered),
    };
  }

  const em = () => app.db.orm.em.fork();
  /** The days from `from` on whose rollup is current (read from it, not counted live). */
  const rolledDays = async (from: string) =>
    (
      await em().execute<{ day: string }[]>(
        'select day from statistics_days where day >= ? and not stale order by day',
        [from],
      )
    ).map((r) => r.day);
  /** The same figures counted from the rollups (where current) and counted live from the orders alone. */
  async function both(from: string, to: string, user: string | null = null) {
    const [rolled, live] = await Promise.all([
      memberFigures(em(), from, to, user),
      memberFigures(em(), from, to, user, { rollups: false }),
    ]);
    return { rolled: Object.fromEntries(rolled), live: Object.fromEntries(live) };
  }
  async function bothDaily(from: string, days: number, user: string | null = null) {
    return {
      rolled: await dailyFigures(em(), from, days, user),
      live: await dailyFigures(em(), from, days, user, { rollups: false }),
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
    const kitchen = await bothDaily(FROM_30, 30);
    expect(kitchen.rolled).toEqual(kitchen.live);
    const mine = await bothDaily(FROM_30, 30, drivers[1]!.id);
    expect(mine.rolled).toEqual(mine.live);
  }

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => NOW });
    stats = appServices(app.server.ctx).statistics;
    for (let i = 0; i < 3; i++) chefs.push(await app.createUser({ rankPermissions: MEMBER }));
    for (let i = 0; i < 2; i++) drivers.push(await app.createUser({ rankPermissions: MEMBER }));
    director = await app.createUser({ rankPermissions: DIRECTOR });
    customer = await app.createUser();
    const e = em();
    // Orders on each of the 40 days before today and this morning, a few each, some reported, one never claimed;
    // one claimed at 23:55 yesterday and delivered after midnight.
    let i = 0;
    for (let back = 40; back >= 0; back--) {
      const day = Date.parse(`${addDays(TODAY, -back)}T00:00:00Z`);
      for (let k = 0; k < 1 + (back % 4); k++, i++) {
        e.create(OrderSchema, order(day + (8 + k) * 60 * MINUTE, i, { report: i % 11 === 5, unclaimed: i % 13 === 4 }));
      }
    }
    e.create(OrderSchema, order(Date.parse('2026-11-24T23:55:00Z'), i++));
    await e.flush();
    // Expired claims: one a week ago, one claimed yesterday 23:58 that expired today.
    await e.execute(
      `insert into claim_expiries (id, order_id, chef, claimed_at, expired_at) values
       ('x1', 'gone-1', ?, '2026-11-18T10:00:00Z', '2026-11-18T10:05:00Z'), ('x2', 'gone-2', ?, '2026-11-24T23:58:00Z', '2026-11-25T00:03:00Z')`,
      [chefs[0]!.id, chefs[1]!.id],
    );
  });
  afterAll(() => app?.close());

  it('rolls up each ended day once (35 days back on a database that never did), today never', async () => {
    expect(await stats.days.due()).toHaveLength(35);
    const written = await stats.days.closeDue();
    expect(written[0]).toBe(addDays(TODAY, -35));
    expect(written.at(-1)).toBe('2026-11-24');
    expect(await stats.days.closeDue()).toEqual([]);
    expect(await stats.days.close(TODAY)).toBe(false);
    const rolled = await rolledDays(FROM_30);
    expect(rolled).toHaveLength(29);
    expect(rolled.at(-1)).toBe('2026-11-24');
  });

  it('gives the figures the live count gives: closed days alone, closed days and today, one member, per day', async () => {
    await expectRollupsEqualLive();
    // Not vacuous: the 30 days hold orders, reports and averages.
    const { rolled } = await both(FROM_30, TOMORROW);
    const chef = rolled[chefs[0]!.id]!;
    expect(chef.prepared).toBeGreaterThan(10);
    expect(chef.avgClaimToPreparedS).not.toBeNull();
    expect(Object.values(rolled).reduce((sum, f) => sum + f.reported, 0)).toBeGreaterThan(0);
    // And they are what is read: a rollup changed by hand shows (then is put back).
    const driver = drivers[0]!.id;
    const tamper = (by: number) =>
      em().execute(
        `update statistics_member_days set delivered = delivered + ? where day = '2026-11-10' and user_id = ?`,
        [by, driver],
      );
    await tamper(100);
    const tampered = await both(FROM_30, TOMORROW, driver);
    expect(tampered.rolled[driver]!.delivered).toBe(tampered.live[driver]!.delivered + 100);
    await tamper(-100);
    // The API reads them: the month through the rollups is the month counted live.
    const month = await app.inject({
      method: 'GET',
      url: '/api/client/statistics/management?period=month',
      headers: director.auth,
    });
    const live = await memberFigures(em(), '2026-11-01', '2026-12-01', null, { rollups: false });
    const record = month.json().statistics.find((r: { user: { id: string } }) => r.user.id === drivers[0]!.id);
    expect(record).toMatchObject(live.get(drivers[0]!.id)!);
  });

  it('an order of a closed day that changes marks the day stale: counted live until the closer writes it again', async () => {
    const before = await both(FROM_30, TOMORROW);
    // A manager takes a delivered order of 23 November from one driver and gives it to the other, and an order the
    // other delivered on the 20th is deleted outright.
    const e = em();
    const [moved] = await e.execute<{ id: string }[]>(
      `update orders set delivered_by = ? where id = (select id from orders where delivered_at >= '2026-11-23' and delivered_at < '2026-11-24' and delivered_by = ? and not report limit 1) returning id`,
      [drivers[1]!.id, drivers[0]!.id],
    );
    expect(moved).toBeDefined();
    await e.execute(
      `delete from orders where id = (select id from orders where delivered_at >= '2026-11-20' and delivered_at < '2026-11-21' and delivered_by = ? and not report limit 1)`,
      [drivers[1]!.id],
    );
    const stale = await e.execute<{ day: string }[]>('select day from statistics_days where stale order by day');
    expect(stale.map((r) => r.day)).toEqual(['2026-11-20', '2026-11-23']);
    expect(await rolledDays(FROM_30)).not.toContain('2026-11-23');

    const after = await both(FROM_30, TOMORROW);
    expect(after.rolled).toEqual(after.live);
    expect(after.rolled[drivers[0]!.id]!.delivered).toBe(before.rolled[drivers[0]!.id]!.delivered - 1);
    // One more from 23 November, one fewer from the 20th.
    expect(after.rolled[drivers[1]!.id]!.delivered).toBe(before.rolled[drivers[1]!.id]!.delivered);
    await expectRollupsEqualLive();

    expect(await stats.days.due()).toEqual(['2026-11-20', '2026-11-23']);
    expect(await stats.days.closeDue()).toEqual(['2026-11-20', '2026-11-23']);
    expect(await rolledDays(FROM_30)).toContain('2026-11-23');
    await expectRollupsEqualLive();
  });

  it("today's orders and changes that leave a closed day's figures as they were mark nothing", async () => {
    const e = em();
    // Today's orders: no rollup to mark.
    e.create(OrderSchema, order(NOW - 60 * MINUTE, 1000));
    await e.flush();
    await e.execute(
      `update orders set claimed_by = null, claimed_at = null, status = 'ORDERED' where claimed_at >= ?`,
      [new Date(`${TODAY}T00:00:00Z`)],
    );
    // Delivered again today by someone else: the order counts on yesterday (claimed at 23:55) too, but not for this.
    await e.execute(
      `update orders set delivered_by = ?, delivered_at = ? where claimed_at >= '2026-11-24T23:55:00Z' and claimed_at < '2026-11-25'`,
      [drivers[0]!.id, new Date(NOW - MINUTE)],
    );
    // A field no figure reads, on an order of a closed day.
    await e.execute(
      `update orders set chef_note = 'late note' where delivered_at >= '2026-11-22' and delivered_at < '2026-11-23'`,
    );
    expect(await e.execute('select day from statistics_days where stale')).toEqual([]);
    await expectRollupsEqualLive();
  });

  it("a write of the database's today takes no lock; one reaching back to a closed day takes that day's", async () => {
    const advisoryLocks = (e: ReturnType<typeof em>) =>
      e
        .execute<{ n: number | string }[]>(
          `select count(*) as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
        )
        .then(([r]) => Number(r!.n));
    // "Today" here is the database's clock (the trigger reads now()), not the test's.
    const fresh = order(Date.now(), 2000);
    const writer = em();
    const created = writer.create(OrderSchema, {
      ...fresh,
      orderedAt: new Date(),
      claimedAt: new Date(),
      prepareStartedAt: new Date(),
      deliveredAt: new Date(),
    });
    await writer.flush();
    await app.db.orm.em.fork().transactional(async (e) => {
      await e.execute(`update orders set report = not report where id = ?`, [created.id]);
      expect(await advisoryLocks(e)).toBe(0);
    });
    await app.db.orm.em
      .fork()
      .transactional(async (e) => {
        await e.execute(
          `update orders set chef_note = 'x', delivered_by = ? where delivered_at >= '2026-11-20' and delivered_at < '2026-11-21'`,
          [drivers[1]!.id],
        );
        expect(await advisoryLocks(e)).toBeGreaterThan(0);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    await em().execute('delete from orders where id = ?', [created.id]);
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
      expect(await stats.days.writersBefore(end, 100)).toBe(false);
      const waiting = stats.days.writersBefore(end, 10_000);
      setTimeout(() => void other.query('commit'), 150);
      expect(await waiting).toBe(true);
      // A day the database's clock has not ended is never closed.
      expect(await stats.days.writersBefore(new Date(Date.now() + 60 * MINUTE), 0)).toBe(false);
    } finally {
      await other.query('rollback').catch(() => {});
      other.release();
    }
  });

  it('an expired claim recorded after midnight marks the day it was claimed', async () => {
    await em().execute(
      `insert into claim_expiries (id, order_id, chef, claimed_at, expired_at) values ('x3', 'gone-3', ?, '2026-11-21T23:59:00Z', '2026-11-22T00:04:00Z')`,
      [chefs[2]!.id],
    );
    const stale = await em().execute<{ day: string }[]>('select day from statistics_days where stale order by day');
    expect(stale.map((r) => r.day)).toEqual(['2026-11-21', '2026-11-22']);
    await expectRollupsEqualLive();
    await stats.days.closeDue();
    await expectRollupsEqualLive();
  });

  it('closers and late changes at once: each day written once, and every current rollup equals its live count', async () => {
    // Mark a few days stale, then close them from 5 callers while orders of those days keep changing.
    await em().execute(
      `update orders set report = not report where delivered_at >= '2026-11-10' and delivered_at < '2026-11-13' and status = 'DELIVERED'`,
    );
    const due = await stats.days.due();
    expect(due).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    const changes = Array.from({ length: 6 }, (_, k) =>
      em().execute(
        `update orders set delivered_by = ? where delivered_at >= '2026-11-1${k % 3}' and delivered_at < '2026-11-1${(k % 3) + 1}'`,
        [drivers[k % 2]!.id],
      ),
    );
    const results = await Promise.all([...Array.from({ length: 5 }, () => stats.days.closeDue()), ...changes]);
    const written = results.slice(0, 5).flat() as string[];
    // A day changed again after a call wrote it may be written again by a later call; no other day is.
    expect(new Set(written)).toEqual(new Set(due));
    await stats.days.closeDue();
    expect(await em().execute('select day from statistics_days where stale')).toEqual([]);
    await expectRollupsEqualLive();
  });
});
