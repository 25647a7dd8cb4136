import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { recordPastOrdersIn } from '../orders/index.ts';
import type { StatisticsPlugin } from './index.ts';
import type { ManagementStatisticsRecord } from './schemas.ts';

const MINUTE = 60_000;
const MEMBER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_MANAGEMENT_STATISTICS'];
const DIRECTOR: Permission[] = [
  ...MEMBER,
  'MANAGE_MANAGEMENT_STATISTICS',
  'MANAGE_ON_LEAVE_REQUESTS',
  'MANAGE_APPEALS',
];
// Wednesday: the week runs Monday 23 to Sunday 29 November; last week is 16 to 22.
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('management statistics', () => {
  let app: TestApp;
  let clock = NOW;
  let chef: TestUser;
  let driver: TestUser;
  let director: TestUser;
  let stats: StatisticsPlugin;

  /** A delivered order: claimed, prepared `c2p` minutes later, ready 3 minutes after, delivered `r2d` minutes later. */
  async function delivered(at: number, c2p: number, r2d: number, report = false): Promise<void> {
    const em = app.db.orm.em.fork();
    const customer = await app.createUser();
    const prepared = at + c2p * MINUTE;
    const ready = prepared + 3 * MINUTE;
    await recordPastOrdersIn(em, [
      {
        customer: customer.id,
        item: 'Fries',
        mentions: [],
        status: 'DELIVERED',
        claimedBy: chef.id,
        claimedAt: new Date(at),
        preparedBy: chef.id,
        prepareStartedAt: new Date(prepared),
        readyAt: new Date(ready),
        deliveredBy: driver.id,
        deliveredAt: new Date(ready + r2d * MINUTE),
        report,
        orderedAt: new Date(at - MINUTE),
        updatedAt: new Date(at),
      },
    ]);
    await em.flush();
  }

  const list = (query: string, user = director) =>
    app.inject({ method: 'GET', url: `/api/client/statistics/management?${query}`, headers: user.auth });
  const find = (records: ManagementStatisticsRecord[], user: TestUser) => records.find((r) => r.user.id === user.id)!;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    stats = appServices(app.server.ctx).statistics;
    chef = await app.createUser({ rankPermissions: MEMBER });
    driver = await app.createUser({ rankPermissions: MEMBER });
    director = await app.createUser({ rankPermissions: DIRECTOR });
    // This week (Monday 23 onwards): two delivered, one reported; last week: one delivered.
    await delivered(Date.parse('2026-11-23T10:00:00Z'), 2, 4);
    await delivered(Date.parse('2026-11-24T10:00:00Z'), 4, 8);
    await delivered(Date.parse('2026-11-24T11:00:00Z'), 1, 1, true);
    await delivered(Date.parse('2026-11-17T10:00:00Z'), 5, 10);
    // The driver's leave from Saturday 21 to Tuesday 24 (two days last week, two this week), entered by the director
    // two weeks before; the director's vote on an appeal this week.
    clock = Date.parse('2026-11-11T12:00:00Z');
    const asked = await app.inject({
      method: 'POST',
      url: `/api/client/onleave/requests/${driver.id}`,
      headers: director.auth,
      payload: { request: { from: '2026-11-21', until: '2026-11-24', reason: 'Away for a family visit.' } },
    });
    // A manager's entry for a member is approved as it is made.
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().request.status).toBe('APPROVED');
    clock = NOW - 86_400_000;
    const banned = await app.createUser({ ban: { reason: 'Troll' } });
    const appeal = await app.inject({
      method: 'POST',
      url: '/api/client/appeal',
      headers: banned.auth,
      payload: { whyBanned: 'x'.repeat(20), whyLift: 'y'.repeat(20) },
    });
    expect(appeal.statusCode, appeal.body).toBe(201);
    clock = NOW - 3600_000;
    const vote = await app.inject({
      method: 'POST',
      url: `/api/client/appeal/${appeal.json().appeal.id}/vote`,
      headers: director.auth,
      payload: { vote: 'accept', reason: 'Fine' },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    clock = NOW;
  });
  afterAll(() => app?.close());

  it("counts each member's week with SQL aggregates: claims, prepared, delivered, reported, averages, leave, votes", async () => {
    const answer = await list('period=week');
    expect(answer.statusCode, answer.body).toBe(200);
    const { period, statistics } = answer.json();
    expect(period).toEqual({ period: 'week', from: '2026-11-23', until: '2026-11-29', closed: false });
    expect(find(statistics, chef)).toMatchObject({
      _id: `${chef.id}-week-2026-11-23`,
      source: 'live',
      claimed: 3,
      prepared: 3,
      delivered: 0,
      avgClaimToPreparedS: Math.round(((2 + 4 + 1) / 3) * 60 * 10) / 10,
    });
    expect(find(statistics, driver)).toMatchObject({
      delivered: 2,
      reported: 1,
      avgReadyToDeliveredS: 6 * 60,
      leaveDays: 2,
      prepared: 0,
    });
    expect(find(statistics, director)).toMatchObject({ appealVotes: 1, delivered: 0, avgReadyToDeliveredS: null });
    // Sorted by delivered, most first (the default); by name when asked.
    expect(statistics[0].user.id).toBe(driver.id);
    const byName = (await list('period=week&sort=name&order=asc'))
      .json()
      .statistics.map((r: ManagementStatisticsRecord) => r.user.username);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('a day and a month are counted live too', async () => {
    const day = (await list('period=day&date=2026-11-24')).json();
    expect(day.period).toMatchObject({ from: '2026-11-24', until: '2026-11-24', closed: true });
    expect(find(day.statistics, driver)).toMatchObject({ delivered: 1, reported: 1, leaveDays: 1 });
    const month = (await list('period=month')).json();
    expect(month.period).toMatchObject({ from: '2026-11-01', until: '2026-11-30' });
    expect(find(month.statistics, driver)).toMatchObject({ delivered: 3, leaveDays: 4 });
  });

  it('a claim the sweeper takes back is recorded with its holder: claimed and expired', async () => {
    const orders = appServices(app.server.ctx).orders;
    const customer = await app.createUser();
    const order = await orders.orders.createOrder({ customerId: customer.id, item: 'Taco' });
    expect(
      (await app.inject({ method: 'POST', url: `/api/client/orders/${order.id}/claim`, headers: chef.auth }))
        .statusCode,
    ).toBe(200);
    clock += 10 * MINUTE;
    expect((await orders.sweeper.sweep()).claimsExpired).toBe(1);
    // Sweeping again records nothing twice.
    await orders.sweeper.sweep();
    const chefWeek = find((await list('period=week')).json().statistics, chef);
    expect(chefWeek).toMatchObject({ claimed: 4, claimsExpired: 1, prepared: 3 });
    clock = NOW;
  });

  it('a closed week is written once as snapshots, which later changes do not touch', async () => {
    const before = find((await list('period=week&date=2026-11-18')).json().statistics, chef);
    expect(before).toMatchObject({ source: 'live', prepared: 1 });
    expect(await stats.weeks.due()).toContain('2026-11-16');
    expect(await stats.weeks.closeDue()).toContain('2026-11-16');
    expect(await stats.weeks.closeDue()).toEqual([]);
    // An order of that week recorded afterwards: counted live, not in the week's snapshot.
    await delivered(Date.parse('2026-11-18T10:00:00Z'), 9, 9);
    expect(find((await list('period=month')).json().statistics, chef)).toMatchObject({ source: 'live', prepared: 5 });
    const after = (await list('period=week&date=2026-11-18')).json();
    expect(after.period.closed).toBe(true);
    expect(find(after.statistics, chef)).toMatchObject({ source: 'snapshot', prepared: 1, avgClaimToPreparedS: 300 });
    expect(find(after.statistics, driver)).toMatchObject({ delivered: 1, leaveDays: 2 });
  });

  it('one record by its ID: the member their own, a manager anyone’s; a deleted snapshot stays deleted', async () => {
    const own = await app.inject({
      method: 'GET',
      url: `/api/client/statistics/management/${driver.id}-week-2026-11-16`,
      headers: driver.auth,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().statistics).toMatchObject({ source: 'snapshot', delivered: 1 });
    const live = await app.inject({
      method: 'GET',
      url: `/api/client/statistics/management/${driver.id}-month-2026-11-01`,
      headers: driver.auth,
    });
    // Live: the month counts the order of the 18th recorded after last week closed (above); the snapshot does not.
    expect(live.json().statistics).toMatchObject({ source: 'live', delivered: 4 });
    const other = await app.inject({
      method: 'GET',
      url: `/api/client/statistics/management/${chef.id}-week-2026-11-16`,
      headers: driver.auth,
    });
    expect(other.statusCode).toBe(403);

    const id = `${chef.id}-week-2026-11-16`;
    const stored = (
      await app.inject({ method: 'GET', url: `/api/client/statistics/management/${id}`, headers: director.auth })
    ).json().statistics;
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/client/statistics/management/${id}`,
      headers: director.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().statistics).toMatchObject({ _id: id, prepared: 1 });
    // What the delete answers is the snapshot as it was read: every figure, its moment and its member.
    expect(removed.json().statistics).toEqual(stored);
    const [entry] = await app.db.orm.em
      .fork()
      .execute<{ action: string; target_id: string; before: { record: string } }[]>(
        `select action, target_id, before from audit_log where action = 'statistics.delete'`,
      );
    expect(entry).toMatchObject({
      action: 'statistics.delete',
      target_id: chef.id,
      before: {
        record: id,
        period: 'week',
        from: '2026-11-16',
        until: '2026-11-22',
        prepared: 1,
        avgClaimToPreparedS: 300,
      },
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/client/statistics/management/${id}`, headers: director.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/client/statistics/management/${id}`, headers: director.auth }))
        .statusCode,
    ).toBe(404);
    await stats.weeks.closeDue();
    expect(find((await list('period=week&date=2026-11-16')).json().statistics, chef)).toBeUndefined();
  });

  it('the kitchen per day: every day of the range, zeros included', async () => {
    const days = await stats.statistics.daily(7);
    expect(days.map((d) => d.day)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(days.find((d) => d.day === '2026-11-24')).toMatchObject({
      delivered: 1,
      reported: 1,
      prepared: 2,
      avgReadyToDeliveredS: 480,
    });
    expect(days.find((d) => d.day === '2026-11-21')).toMatchObject({
      ordered: 0,
      delivered: 0,
      avgReadyToDeliveredS: null,
    });
    const mine = await stats.statistics.daily(7, driver.id);
    expect(mine.reduce((sum, d) => sum + d.delivered, 0)).toBe(2);
  });

  it('bad input is a 400 that names the problem', async () => {
    for (const query of [
      'period=year',
      'date=2026-13-01',
      'date=yesterday',
      'sort=bogus',
      'order=up',
      'extra=1',
      'date=2027-01-01',
    ]) {
      const answer = await list(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, error: expect.any(String), message: expect.any(String) });
    }
    for (const id of [
      '123',
      `${chef.id}-week-2026-11-18`,
      `${chef.id}-month-2026-11-02`,
      `${chef.id}-year-2026-01-01`,
      `${chef.id}-week-2026-02-30`,
      `${chef.id}-week-2027-01-04`,
    ]) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/client/statistics/management/${id}`,
        headers: director.auth,
      });
      expect(answer.statusCode, id).toBe(400);
    }
  });

  it("refuses in the reader's language, and in English to a caller who names none", async () => {
    const url = `/api/client/statistics/management/${chef.id}-week-2026-11-16`;
    const read = (language?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { ...driver.auth, ...(language ? { 'accept-language': language } : {}) },
      });
    const forbidden = { statusCode: 403, error: 'Forbidden' };
    expect((await read('fr')).json()).toEqual({
      ...forbidden,
      message: 'Vous ne pouvez consulter que vos propres statistiques.',
    });
    expect((await read()).json()).toEqual({ ...forbidden, message: 'You may only read your own statistics.' });
    const later = await app.inject({
      method: 'GET',
      url: '/api/client/statistics/management?date=2027-01-01',
      headers: { ...director.auth, 'accept-language': 'de-AT' },
    });
    expect(later.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Dieser Zeitraum hat noch nicht begonnen.',
    });
  });
});
