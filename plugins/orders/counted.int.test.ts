import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { countCountedIn } from './counted.ts';
import { type PastOrder, recordPastOrdersIn } from './past-orders.ts';

const T = Date.parse('2026-11-20T12:00:00Z');
const MINUTE = 60_000;

describe('countCountedIn: a member’s counted orders per window', () => {
  let app: TestApp;
  const chef = newId();
  const driver = newId();

  const delivered = (at: number, extra: Partial<PastOrder> = {}): PastOrder => ({
    customer: newId(),
    item: 'Fries',
    mentions: [],
    status: 'DELIVERED',
    preparedBy: chef,
    deliveredBy: driver,
    deliveredAt: new Date(at),
    orderedAt: new Date(at - 10 * MINUTE),
    updatedAt: new Date(at),
    ...extra,
  });

  beforeAll(async () => {
    app = await createTestApp();
    const em = app.db.orm.em.fork();
    await recordPastOrdersIn(em, [
      delivered(T),
      delivered(T + MINUTE),
      delivered(T + 2 * MINUTE, { deliveredBy: newId() }),
      delivered(T + 3 * MINUTE, { report: true }),
      { ...delivered(T + 4 * MINUTE), status: 'READY', deliveredAt: null },
    ]);
    await em.flush();
  });
  afterAll(() => app?.close());

  it('counts delivered, unreported orders by the role asked, both ends of a window included', async () => {
    const em = app.db.orm.em.fork();
    const open = { from: null, to: null };
    expect(
      await countCountedIn(em, chef, [
        { role: 'chef', ...open },
        { role: 'driver', ...open },
        { role: 'either', ...open },
        { role: 'chef', from: new Date(T), to: new Date(T + MINUTE) },
        { role: 'chef', from: new Date(T + MINUTE), to: null },
        { role: 'chef', from: null, to: new Date(T - 1) },
      ]),
    ).toEqual([3, 0, 3, 2, 2, 0]);
    expect(await countCountedIn(em, driver, [{ role: 'driver', ...open }])).toEqual([2]);
    expect(await countCountedIn(em, driver, [])).toEqual([]);
  });
});
