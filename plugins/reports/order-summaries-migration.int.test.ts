import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../core/http/server.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices, plugins } from '../index.ts';
import { OrderReportSchema } from './entities.ts';
import type { ReportView } from './schemas.ts';
import { deliveredOrder } from './test-support.ts';

const STAFF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MANAGER: Permission[] = [...STAFF, 'VIEW_BACKLOG', 'MANAGE_USERS'];
const HOUR = 3_600_000;

/**
 * Reports keep their order's summary; those made before the summary columns existed get it on start, from the
 * orders plugin's read API (docs/reports.md).
 */
describe("reports made before they kept their order's summary", () => {
  const clock = Date.parse('2026-11-25T12:00:00Z');
  let app: TestApp;
  let customer: TestUser;
  let chef: TestUser;
  let driver: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    customer = await app.createUser({ perks: ['FEEDBACK_BETA'] });
    chef = await app.createUser({ rankPermissions: STAFF, rankPosition: 1 });
    driver = await app.createUser({ rankPermissions: STAFF, rankPosition: 2 });
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 500, perks: ['FEEDBACK_BETA'] });
  });
  afterAll(() => app?.close());

  /** What the previous release left: the report rows without the columns of their order's summary. */
  async function forgetSummaries(): Promise<void> {
    const em = app.db.orm.em.fork();
    await em.nativeUpdate(
      OrderReportSchema,
      {},
      { orderCode: null, item: null, customer: null, chef: null, driver: null, deliveredAt: null },
    );
    expect(await em.count(OrderReportSchema, { orderCode: { $ne: null } })).toBe(0);
  }

  it('get it when the app starts: the list, its filters and the earlier reports work as before', async () => {
    const order = (o: { ago?: number; report?: boolean } = {}) =>
      deliveredOrder(app, { customer: customer.id, chef: chef.id, driver: driver.id, now: clock, ...o });
    const first = await order({ ago: 3 * HOUR });
    const second = await order();
    const trolled = await order({ report: true });
    for (const filedOn of [first, second]) {
      const filed = await app.inject({
        method: 'POST',
        url: '/api/client/report/order',
        headers: customer.auth,
        payload: { orderID: filedOn.orderID, category: 'WRONG_ITEM', details: 'I got a salad instead of a burger.' },
      });
      expect(filed.statusCode, filed.body).toBe(201);
    }
    expect(await appServices(app.server.ctx).reports.filing.syncDriverReports()).toBe(1);
    await forgetSummaries();

    await app.server.close();
    const restarted = await buildServer({ config: app.config, orm: app.db.orm, plugins, site: null, now: () => clock });
    try {
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        restarted.app.inject({ method, url, headers: manager.auth, ...(payload ? { payload } : {}) });
      const list = async (filter: object) => {
        const answer = await call('POST', '/api/client/report/orders', { filter, pageSize: 100 });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json() as { reports: ReportView[]; total: number };
      };

      const all = await list({});
      expect(all.total).toBe(3);
      const byOrder = new Map(all.reports.map((r) => [r.order.id, r.order]));
      for (const made of [first, second, trolled])
        expect(byOrder.get(made.id)).toMatchObject({
          orderID: made.orderID,
          item: 'Cheeseburger',
          orderedBy: { id: customer.id },
          chef: { id: chef.id },
          driver: { id: driver.id },
          deliveredAt: expect.any(String),
        });
      expect((await list({ chef: chef.id })).total).toBe(3);
      expect((await list({ driver: driver.id, category: 'TROLL_ORDER' })).reports.map((r) => r.order.id)).toEqual([
        trolled.id,
      ]);
      expect((await list({ chef: customer.id })).total).toBe(0);

      const newest = all.reports.find((r) => r.order.id === second.id)!;
      const detail = await call('GET', `/api/client/report/orders/${newest._id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().customerReports.map((r: ReportView) => r.order.id)).toContain(first.id);
      expect(detail.json().staffReports.map((r: ReportView) => r.order.id)).toContain(first.id);

      // Filled once: starting again has nothing left to fill.
      expect(await appServices(restarted.ctx).reports.filing.fillOrderSummaries()).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});
