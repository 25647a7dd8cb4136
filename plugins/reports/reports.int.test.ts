import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import type { DomainEvents } from '../../core/events.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { OrderReportSchema } from './entities.ts';
import type { ReportView } from './schemas.ts';
import { deliveredOrder } from './test-support.ts';

const STAFF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...STAFF, 'VIEW_BACKLOG', 'MANAGE_USERS'];
const DAY = 86_400_000;

describe('order reports', () => {
  let app: TestApp;
  let clock = Date.parse('2026-11-25T12:00:00Z');
  let customer: TestUser;
  let chef: TestUser;
  let driver: TestUser;
  let manager: TestUser;
  let notices: DomainEvents['notice'][];
  let position = 1;

  const call = (method: InjectOptions['method'], url: string, user: TestUser | undefined, payload?: object) =>
    app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
  const eligible = (user: TestUser, orderID: string) =>
    call('POST', '/api/client/report/order/eligible', user, { orderID });
  const file = (
    user: TestUser,
    orderID: string,
    category = 'WRONG_ITEM',
    details = 'I got a salad instead of a burger.',
  ) => call('POST', '/api/client/report/order', user, { orderID, category, details });
  const order = (o: { customer?: string; ago?: number; status?: 'DELIVERED' | 'READY' | 'ORDERED' } = {}) =>
    deliveredOrder(app, {
      customer: o.customer ?? customer.id,
      chef: chef.id,
      driver: driver.id,
      now: clock,
      ago: o.ago,
      status: o.status,
    });
  /** An order still in the kitchen, of a customer of its own (a customer has one active order). */
  async function activeOrder(status: 'READY' | 'ORDERED'): Promise<{ owner: TestUser; orderID: string }> {
    const owner = await app.createUser({ perks: ['FEEDBACK_BETA'] });
    return { owner, orderID: (await order({ customer: owner.id, status })).orderID };
  }
  async function filed(orderID: string, category = 'WRONG_ITEM'): Promise<ReportView> {
    const answer = await file(customer, orderID, category);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().report;
  }
  const count = () => app.db.orm.em.fork().count(OrderReportSchema, {});
  const list = async (filter: object, user = manager) => {
    const answer = await call('POST', '/api/client/report/orders', user, { filter, pageSize: 100 });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { reports: ReportView[]; total: number };
  };

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    customer = await app.createUser({ perks: ['FEEDBACK_BETA'] });
    chef = await app.createUser({ rankPermissions: STAFF, rankPosition: position++ });
    driver = await app.createUser({ rankPermissions: STAFF, rankPosition: position++ });
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 500, perks: ['FEEDBACK_BETA'] });
    app.server.ctx.events.on('notice', (notice) => void notices.push(notice));
  });
  beforeEach(() => {
    notices = [];
  });
  afterAll(() => app?.close());

  describe('eligibility, checked by orderID on the server', () => {
    it('a delivered order of the caller, delivered within 7 days, is eligible (orderID in any case)', async () => {
      const { orderID } = await order();
      const answer = await eligible(customer, orderID.toLowerCase());
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        eligible: true,
        reason: null,
        message: null,
        order: { orderID, item: 'Cheeseburger' },
      });
    });

    it('says why not: unknown, not yours, not delivered, too old, already reported', async () => {
      const other = await app.createUser({ perks: ['FEEDBACK_BETA'] });
      expect((await eligible(customer, 'ZZZZZZ')).json()).toMatchObject({
        eligible: false,
        reason: 'not_found',
        order: null,
      });
      const theirs = await order({ customer: other.id });
      expect((await eligible(customer, theirs.orderID)).json()).toMatchObject({
        eligible: false,
        reason: 'not_your_order',
        order: null,
      });
      for (const status of ['READY', 'ORDERED'] as const) {
        const { owner, orderID } = await activeOrder(status);
        expect((await eligible(owner, orderID)).json()).toMatchObject({ eligible: false, reason: 'not_delivered' });
      }
      const old = await order({ ago: 7 * DAY + 60_000 });
      expect((await eligible(customer, old.orderID)).json()).toMatchObject({
        eligible: false,
        reason: 'too_old',
        message: expect.stringContaining('7 days'),
      });
      // Exactly 7 days ago is still within the window.
      expect((await eligible(customer, (await order({ ago: 7 * DAY })).orderID)).json().eligible).toBe(true);
      const reported = await order();
      await filed(reported.orderID);
      expect((await eligible(customer, reported.orderID)).json()).toMatchObject({
        eligible: false,
        reason: 'already_reported',
      });
    });

    it('filing an ineligible order is refused with the same reason and writes nothing', async () => {
      const before = await count();
      const other = await app.createUser({ perks: ['FEEDBACK_BETA'] });
      const ready = await activeOrder('READY');
      const cases: [TestUser, string, number, string][] = [
        [customer, 'ZZZZZZ', 404, 'not_found'],
        [customer, (await order({ customer: other.id })).orderID, 403, 'not_your_order'],
        [ready.owner, ready.orderID, 409, 'not_delivered'],
        [customer, (await order({ ago: 8 * DAY })).orderID, 409, 'too_old'],
      ];
      for (const [caller, orderID, status, reason] of cases) {
        const answer = await file(caller, orderID);
        expect(answer.statusCode, orderID).toBe(status);
        expect(answer.json()).toMatchObject({ statusCode: status, reason });
      }
      expect(await count()).toBe(before);
    });

    it("the refusal is worded in the reader's language, and in English to a caller who names none", async () => {
      const old = (await order({ ago: 8 * DAY })).orderID;
      const fileIn = (orderID: string, language?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/client/report/order',
          headers: { ...customer.auth, ...(language ? { 'accept-language': language } : {}) },
          payload: { orderID, category: 'WRONG_ITEM', details: 'I got a salad instead of a burger.' },
        });
      const tooOld = { statusCode: 409, error: 'Conflict', reason: 'too_old' };
      expect((await fileIn(old, 'fr')).json()).toEqual({
        ...tooOld,
        message: 'Cette commande a été livrée il y a plus de 7 jours : elle ne peut plus être signalée.',
      });
      expect((await fileIn(old)).json()).toEqual({
        ...tooOld,
        message: 'This order was delivered more than 7 days ago: it can no longer be reported.',
      });
      expect((await fileIn('ZZZZZZ', 'es')).json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        reason: 'not_found',
        message: 'No hay ningún pedido con este ID.',
      });
    });
  });

  describe('bad input is a 400 that writes nothing', () => {
    const bodies: [string, (orderID: string) => object][] = [
      ['details too short', (orderID) => ({ orderID, category: 'OTHER', details: '  short    ' })],
      ['details too long', (orderID) => ({ orderID, category: 'OTHER', details: 'x'.repeat(2001) })],
      ['no details', (orderID) => ({ orderID, category: 'OTHER' })],
      ['an unknown category', (orderID) => ({ orderID, category: 'COLD_FOOD', details: 'It was cold when it came.' })],
      [
        'the driver’s category',
        (orderID) => ({ orderID, category: 'TROLL_ORDER', details: 'It was cold when it came.' }),
      ],
      [
        'an unknown field',
        (orderID) => ({ orderID, category: 'OTHER', details: 'It was cold when it came.', status: 'COMPLETED' }),
      ],
      ['not an orderID', () => ({ orderID: 'O0O0O0', category: 'OTHER', details: 'It was cold when it came.' })],
      [
        'a NUL in the details',
        (orderID) => ({ orderID, category: 'OTHER', details: 'It was cold\u0000 when it came.' }),
      ],
    ];
    for (const [name, body] of bodies) {
      it(name, async () => {
        const { orderID } = await order();
        const before = await count();
        const answer = await call('POST', '/api/client/report/order', customer, body(orderID));
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
        expect(await count()).toBe(before);
      });
    }

    it('exactly 10 and 2,000 characters are fine', async () => {
      expect((await file(customer, (await order()).orderID, 'OTHER', '1234567890')).statusCode).toBe(201);
      expect((await file(customer, (await order()).orderID, 'OTHER', 'y'.repeat(2000))).statusCode).toBe(201);
    });

    it('manager calls: bad filters, outcomes and warnings are 400s that change nothing', async () => {
      const report = await filed((await order()).orderID);
      for (const body of [
        { filter: { status: 'MAYBE' } },
        { filter: { category: 'NOPE' } },
        { filter: { chef: '12' } },
        { page: 0 },
        { filter: {}, extra: 1 },
      ]) {
        expect((await call('POST', '/api/client/report/orders', manager, body)).statusCode, JSON.stringify(body)).toBe(
          400,
        );
      }
      const url = `/api/client/report/orders/${report._id}`;
      for (const body of [{}, { outcome: ' ' }, { outcome: 'x'.repeat(1001) }, { outcome: 'Fine', status: 'OPEN' }]) {
        expect((await call('POST', `${url}/completed`, manager, body)).statusCode).toBe(400);
      }
      for (const body of [
        { target: 'customer', reason: 'Be nice.' },
        { target: 'chef' },
        { target: 'chef', reason: '' },
      ]) {
        expect((await call('POST', `${url}/warn`, manager, body)).statusCode).toBe(400);
      }
      expect((await call('GET', '/api/client/report/orders/not-an-id', manager)).statusCode).toBe(400);
      const after = (await call('GET', url, manager)).json().report;
      expect(after).toMatchObject({ status: 'OPEN', warnings: [], outcome: null });
      expect(await appServices(app.server.ctx).users.admin.warnings(chef.id)).toEqual([]);
    });
  });

  it('a customer files a report: one per order, their details kept as written (trimmed)', async () => {
    const { orderID, id } = await order();
    const report = await filed(orderID, 'RUDE_MESSAGE');
    expect(report).toMatchObject({
      source: 'CUSTOMER',
      category: 'RUDE_MESSAGE',
      status: 'OPEN',
      details: 'I got a salad instead of a burger.',
      reporter: { id: customer.id },
      order: { id, orderID, chef: { id: chef.id }, driver: { id: driver.id }, orderedBy: { id: customer.id } },
      outcome: null,
      warnings: [],
    });
    const again = await file(customer, orderID, 'OTHER');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'already_reported' });
    expect(await app.db.orm.em.fork().count(OrderReportSchema, { orderId: id })).toBe(1);
  });

  it('the Report Manager lists open reports, filtered by category, chef and driver, paged', async () => {
    const otherChef = await app.createUser({ rankPermissions: STAFF, rankPosition: position++ });
    const a = await filed((await order()).orderID, 'NEVER_ARRIVED');
    const b = await filed(
      (await deliveredOrder(app, { customer: customer.id, chef: otherChef.id, driver: driver.id, now: clock })).orderID,
      'NEVER_ARRIVED',
    );
    const byCategory = await list({ category: 'NEVER_ARRIVED' });
    expect(byCategory.reports.map((r) => r._id)).toEqual([a._id, b._id]);
    expect(byCategory.total).toBe(2);
    expect((await list({ category: 'NEVER_ARRIVED', chef: otherChef.id })).reports.map((r) => r._id)).toEqual([b._id]);
    expect((await list({ chef: otherChef.id, status: 'COMPLETED' })).total).toBe(0);
    expect((await list({ driver: driver.id })).reports.every((r) => r.order.driver?.id === driver.id)).toBe(true);
    const page = await call('POST', '/api/client/report/orders', manager, {
      filter: { category: 'NEVER_ARRIVED' },
      page: 2,
      pageSize: 1,
    });
    expect(page.json()).toMatchObject({ total: 2, reports: [{ _id: b._id }] });
    // The filter defaults to the open reports.
    expect(
      (await call('POST', '/api/client/report/orders', manager, {}))
        .json()
        .reports.every((r: ReportView) => r.status === 'OPEN'),
    ).toBe(true);
  });

  it('one report with its order, delivery message and the earlier reports of the customer and the staff', async () => {
    const em = app.db.orm.em.fork();
    await em.execute(`update users set settings = ? where id = ?`, [
      JSON.stringify({ deliveryMessage: { message: 'Here you go, {customer}!' } }),
      driver.id,
    ]);
    const first = await filed((await order()).orderID, 'OTHER');
    clock += 60_000;
    const second = await filed((await order()).orderID, 'INAPPROPRIATE_PICTURE');
    const answer = await call('GET', `/api/client/report/orders/${second._id}`, manager);
    expect(answer.statusCode).toBe(200);
    const detail = answer.json();
    expect(detail.report._id).toBe(second._id);
    expect(detail.order).toMatchObject({
      id: second.order.id,
      images: ['/food/burger.svg'],
      chefNote: 'Made with love.',
      status: 'DELIVERED',
      deliveredAt: expect.any(String),
      orderedAt: expect.any(String),
    });
    expect(detail.deliveryMessage).toBe('Here you go, {customer}!');
    expect(detail.customerReports.map((r: ReportView) => r._id)).toContain(first._id);
    expect(detail.customerReports.map((r: ReportView) => r._id)).not.toContain(second._id);
    expect(detail.staffReports.map((r: ReportView) => r._id)).toContain(first._id);
    expect((await call('GET', '/api/client/report/orders/1100000000000099999', manager)).statusCode).toBe(404);
  });

  it('warning the chef goes through the users plugin (its rank rules and audit) and is noted on the report', async () => {
    const report = await filed((await order()).orderID, 'RUDE_MESSAGE');
    const url = `/api/client/report/orders/${report._id}/warn`;
    const answer = await call('POST', url, manager, { target: 'chef', reason: 'Keep chef notes polite.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().report.warnings).toEqual([
      expect.objectContaining({ target: 'chef', userId: chef.id, reason: 'Keep chef notes polite.', by: manager.id }),
    ]);
    const warnings = await appServices(app.server.ctx).users.admin.warnings(chef.id);
    expect(warnings.map((w) => w.reason)).toContain(
      `Keep chef notes polite. (report about order ${report.order.orderID})`,
    );
    const audit = await app.db.orm.em.fork().find(AuditEntrySchema, { action: 'user.warn', targetId: chef.id });
    expect(audit.length).toBeGreaterThan(0);
    // The users plugin's rank rules: a manager cannot warn someone ranked at or above them.
    const boss = await app.createUser({ rankPermissions: MANAGER, rankPosition: 900 });
    const bossOrder = await deliveredOrder(app, {
      customer: customer.id,
      chef: boss.id,
      driver: driver.id,
      now: clock,
    });
    const bossReport = await filed(bossOrder.orderID);
    const refused = await call('POST', `/api/client/report/orders/${bossReport._id}/warn`, manager, {
      target: 'chef',
      reason: 'Be nice.',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/client/report/orders/${bossReport._id}`, manager)).json().report.warnings).toEqual(
      [],
    );
  });

  it('completing: removed from the open list, audited, the reporter told after commit; a second completion is 409', async () => {
    const report = await filed((await order()).orderID, 'WRONG_ITEM');
    const url = `/api/client/report/orders/${report._id}/completed`;
    const answer = await call('POST', url, manager, { outcome: 'The chef was warned. Sorry!' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().report).toMatchObject({
      status: 'COMPLETED',
      outcome: 'The chef was warned. Sorry!',
      completedBy: { id: manager.id },
      completedAt: expect.any(String),
    });
    expect((await list({ status: 'OPEN' })).reports.map((r) => r._id)).not.toContain(report._id);
    expect((await list({ status: 'COMPLETED' })).reports.map((r) => r._id)).toContain(report._id);
    expect(notices).toEqual([
      {
        userId: customer.id,
        ref: `report:${report._id}:completed`,
        kind: 'report.completed',
        text: `Your report about order ${report.order.orderID} was reviewed: The chef was warned. Sorry!`,
        texts: expect.objectContaining({
          es: `Tu reporte sobre el pedido ${report.order.orderID} fue revisado: The chef was warned. Sorry!`,
        }),
        link: '/feedback/report-order',
      },
    ]);
    const audit = await app.db.orm.em
      .fork()
      .find(AuditEntrySchema, { action: 'report.complete', targetId: report._id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: manager.id,
      targetType: 'report',
      targetName: `Order ${report.order.orderID}`,
      after: { status: 'COMPLETED', outcome: 'The chef was warned. Sorry!' },
    });

    notices = [];
    const again = await call('POST', url, manager, { outcome: 'Again.' });
    expect(again.statusCode).toBe(409);
    expect(notices).toEqual([]);
    expect(
      await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'report.complete', targetId: report._id }),
    ).toBe(1);
    // A completed report takes no more warnings.
    expect(
      (
        await call('POST', `/api/client/report/orders/${report._id}/warn`, manager, {
          target: 'driver',
          reason: 'Too late.',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/api/client/report/orders/1100000000000099999/completed', manager, { outcome: 'Done.' }))
        .statusCode,
    ).toBe(404);
    // The customer's own list on the feedback page shows the outcome.
    const mine = await appServices(app.server.ctx).reports.filing.mine(customer.id);
    expect(mine.find((r) => r._id === report._id)).toMatchObject({
      status: 'COMPLETED',
      outcome: 'The chef was warned. Sorry!',
    });
  });

  it('a driver delivering with report: true makes a report in the Report Manager, once', async () => {
    const ready = await deliveredOrder(app, {
      customer: customer.id,
      chef: chef.id,
      driver: driver.id,
      now: clock,
      status: 'READY',
    });
    const answer = await call('POST', `/api/client/orders/${ready.id}/deliver`, driver, {
      report: true,
      reportReason: 'Asked for a live shark.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const found = async () => (await list({ category: 'TROLL_ORDER' })).reports.filter((r) => r.order.id === ready.id);
    await expect.poll(async () => (await found()).length).toBe(1);
    expect((await found())[0]).toMatchObject({
      source: 'DRIVER',
      reporter: { id: driver.id },
      details: 'Asked for a live shark.',
      status: 'OPEN',
    });
    // Syncing again (as on start) adds nothing; the customer may still report the order themself.
    expect(await appServices(app.server.ctx).reports.filing.syncDriverReports()).toBe(0);
    expect((await eligible(customer, ready.orderID)).json().eligible).toBe(true);
  });

  it('a driver report made while nobody listened is copied by the sync', async () => {
    const missed = await deliveredOrder(app, {
      customer: customer.id,
      chef: chef.id,
      driver: driver.id,
      now: clock,
      report: true,
    });
    expect(await appServices(app.server.ctx).reports.filing.syncDriverReports()).toBe(1);
    expect((await list({ category: 'TROLL_ORDER' })).reports.some((r) => r.order.id === missed.id)).toBe(true);
  });
});
