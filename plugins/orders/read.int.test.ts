import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { type PastOrder, recordPastOrdersIn } from './past-orders.ts';
import { deliveredOrderSummariesIn, findOrderSummaryIn, orderSummariesIn } from './read.ts';

const CHEF = '1200000000000000001';
const DRIVER = '1200000000000000002';
const CUSTOMER = '1200000000000000003';
const T0 = Date.parse('2026-11-20T12:00:00Z');
const MINUTE = 60_000;

/** A past order of CUSTOMER: delivered `at` (ms after T0) unless `status` says otherwise. */
function past(item: string, o: { at?: number; status?: 'DELIVERED' | 'READY'; report?: boolean } = {}): PastOrder {
  const delivered = (o.status ?? 'DELIVERED') === 'DELIVERED';
  const orderedAt = new Date(T0 - 30 * MINUTE);
  return {
    customer: CUSTOMER,
    item,
    mentions: [],
    status: o.status ?? 'DELIVERED',
    claimedBy: CHEF,
    preparedBy: CHEF,
    images: [],
    readyAt: new Date(T0 - 10 * MINUTE),
    assignedDriver: DRIVER,
    deliveredBy: delivered ? DRIVER : null,
    deliveredAt: delivered ? new Date(T0 + (o.at ?? 0)) : null,
    report: o.report ?? false,
    reportReason: o.report ? 'Asked for a live shark.' : null,
    orderedAt,
    updatedAt: orderedAt,
  };
}

describe("the orders plugin's read API", () => {
  let app: TestApp;
  let early: { id: string; orderID: string };
  let late: { id: string; orderID: string };
  let reported: { id: string; orderID: string };
  let ready: { id: string; orderID: string };

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    const em = app.db.orm.em.fork();
    // Recorded out of delivery order: the answers are sorted by delivery, not by insertion.
    [late, early, reported, ready] = (await recordPastOrdersIn(em, [
      past('Pancakes', { at: 20 * MINUTE }),
      past('Waffles', { at: 5 * MINUTE }),
      past('Live shark', { at: 10 * MINUTE, report: true }),
      past('Soup', { status: 'READY' }),
    ])) as [typeof late, typeof early, typeof reported, typeof ready];
    await em.flush();
  });
  afterAll(() => app?.close());

  const em = () => app.db.orm.em.fork();

  it("answers orders' summaries by id, leaving out ids that name no order", async () => {
    const found = await orderSummariesIn(em(), [early.id, ready.id, '1299999999999999999']);
    expect(found.sort((a, b) => a.item.localeCompare(b.item))).toEqual([
      {
        id: ready.id,
        orderID: ready.orderID,
        item: 'Soup',
        status: 'READY',
        customer: CUSTOMER,
        preparedBy: CHEF,
        deliveredBy: null,
        deliveredAt: null,
        report: false,
        reportReason: null,
      },
      {
        id: early.id,
        orderID: early.orderID,
        item: 'Waffles',
        status: 'DELIVERED',
        customer: CUSTOMER,
        preparedBy: CHEF,
        deliveredBy: DRIVER,
        deliveredAt: new Date(T0 + 5 * MINUTE),
        report: false,
        reportReason: null,
      },
    ]);
    expect(await orderSummariesIn(em(), [])).toEqual([]);
  });

  it('finds one order by its snowflake id or by its orderID; null when there is none', async () => {
    expect(await findOrderSummaryIn(em(), reported.id)).toMatchObject({
      id: reported.id,
      orderID: reported.orderID,
      report: true,
      reportReason: 'Asked for a live shark.',
    });
    expect((await findOrderSummaryIn(em(), reported.orderID))?.id).toBe(reported.id);
    expect(await findOrderSummaryIn(em(), '1299999999999999999')).toBeNull();
    expect(await findOrderSummaryIn(em(), 'ZZZZZZ')).toBeNull();
  });

  it('lists delivered orders oldest delivery first, all of them or only those the driver reported (or not)', async () => {
    const ours = (list: { id: string }[]) =>
      list.map((o) => o.id).filter((id) => [early.id, late.id, reported.id, ready.id].includes(id));
    expect(ours(await deliveredOrderSummariesIn(em()))).toEqual([early.id, reported.id, late.id]);
    expect(ours(await deliveredOrderSummariesIn(em(), { reported: true }))).toEqual([reported.id]);
    expect(ours(await deliveredOrderSummariesIn(em(), { reported: false }))).toEqual([early.id, late.id]);
  });

  it("reads inside the caller's transaction: an order written there and not yet committed is found", async () => {
    let written = '';
    const rolledBack = app.db.orm.em.fork().transactional(async (tx) => {
      const [fresh] = await recordPastOrdersIn(tx, [past('Tea', { at: MINUTE })]);
      await tx.flush();
      written = fresh!.id;
      expect((await findOrderSummaryIn(tx, fresh!.orderID))?.item).toBe('Tea');
      expect(await orderSummariesIn(tx, [fresh!.id])).toHaveLength(1);
      throw new RollBack();
    });
    await expect(rolledBack).rejects.toBeInstanceOf(RollBack);
    expect(await orderSummariesIn(em(), [written])).toEqual([]);
  });
});

class RollBack extends Error {}
