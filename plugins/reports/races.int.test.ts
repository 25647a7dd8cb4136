import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import type { DomainEvents } from '../../core/events.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { OrderReportSchema } from './entities.ts';
import { deliveredOrder } from './test-support.ts';

/**
 * Filing and completing at once. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these race
 * for real: the unique key (order, source) gives one report, the conditional UPDATE one completion.
 */
const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'VIEW_BACKLOG'];
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('order reports under concurrency', () => {
  let app: TestApp;
  let customer: TestUser;
  const managers: TestUser[] = [];
  const notices: DomainEvents['notice'][] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => NOW });
    customer = await app.createUser({ perks: ['FEEDBACK_BETA'] });
    for (let i = 0; i < 10; i++)
      managers.push(await app.createUser({ rankPermissions: MANAGER, perks: ['FEEDBACK_BETA'] }));
    app.server.ctx.events.on('notice', (notice) => void notices.push(notice));
  });
  afterAll(() => app?.close());

  const file = (orderID: string, i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/client/report/order',
      headers: customer.auth,
      payload: { orderID, category: 'WRONG_ITEM', details: `Wrong item, attempt ${i}.` },
    });

  it('the same report filed 10 times at once gives one report', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const { id, orderID } = await deliveredOrder(app, { customer: customer.id, now: NOW });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => file(orderID, i)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
      expect(await app.db.orm.em.fork().count(OrderReportSchema, { orderId: id })).toBe(1);
    }
  });

  it('10 managers completing one report at once: one wins, the others 409; one audit entry, one notice', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const { orderID } = await deliveredOrder(app, { customer: customer.id, now: NOW });
      const report = (await file(orderID, 0)).json().report;
      notices.length = 0;
      const answers = await Promise.all(
        managers.map((m, i) =>
          app.inject({
            method: 'POST',
            url: `/api/client/report/orders/${report._id}/completed`,
            headers: m.auth,
            payload: { outcome: `Outcome ${i}` },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      const winner = answers.find((a) => a.statusCode === 200)!.json().report;
      const row = await app.db.orm.em.fork().findOneOrFail(OrderReportSchema, { id: report._id });
      expect(row.outcome).toBe(winner.outcome);
      expect(row.completedBy).toBe(winner.completedBy.id);
      expect(
        await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'report.complete', targetId: report._id }),
      ).toBe(1);
      expect(notices.filter((n) => n.ref === `report:${report._id}:completed`)).toHaveLength(1);
    }
  });
});
