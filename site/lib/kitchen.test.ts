import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../plugins/orders/schemas.ts';
import { kitchenText } from '../i18n/kitchen/index.ts';
import {
  age,
  countdown,
  DEFAULT_ORDER_FILTER,
  deliveryOrders,
  heldBy,
  kitchenOrders,
  nextToClaim,
  nextToDeliver,
  orderTag,
} from './kitchen.ts';

const user = (id: string) => ({ id, username: `u${id}`, displayName: null, avatar: null });
let n = 0;
function order(fields: Partial<OrderView>): OrderView {
  n += 1;
  return {
    id: String(n),
    orderID: `ORD${n}`,
    status: 'ORDERED',
    item: 'Fries',
    priority: 0,
    orderedBy: user('c'),
    claimedBy: null,
    preparedBy: null,
    assignedDriver: null,
    images: [],
    report: false,
    deliveryFailed: false,
    orderedAt: `2026-11-22T10:0${n % 10}:00.000Z`,
    readyAt: null,
    ...fields,
  } as OrderView;
}

const me = 'me';
const filter = (showOthers: boolean, onlyMine: boolean) => ({
  kitchenQueue: { showOthers },
  deliveryQueue: { onlyMine },
});

describe('the kitchen rules', () => {
  const waitingOld = order({ orderedAt: '2026-11-22T10:00:00.000Z' });
  const waitingNew = order({ orderedAt: '2026-11-22T10:05:00.000Z' });
  const urgent = order({ orderedAt: '2026-11-22T10:09:00.000Z', priority: 1 });
  const mine = order({ status: 'CLAIMED', claimedBy: user(me), orderedAt: '2026-11-22T10:08:00.000Z' });
  const theirs = order({
    status: 'PREPARING',
    claimedBy: user('x'),
    preparedBy: user('x'),
    orderedAt: '2026-11-22T10:07:00.000Z',
  });
  const own = order({ orderedBy: user(me), orderedAt: '2026-11-22T09:00:00.000Z' });
  const readyForMe = order({ status: 'READY', assignedDriver: user(me), readyAt: '2026-11-22T10:06:00.000Z' });
  const readyForOther = order({ status: 'READY', assignedDriver: user('x'), readyAt: '2026-11-22T10:01:00.000Z' });
  const readyForAnyone = order({ status: 'READY', readyAt: '2026-11-22T10:03:00.000Z' });
  const all = [waitingNew, theirs, readyForMe, waitingOld, mine, urgent, own, readyForOther, readyForAnyone];

  it("the kitchen queue: priority first, then oldest; other chefs' orders only when the filter shows them", () => {
    expect(kitchenOrders(all, DEFAULT_ORDER_FILTER, me).map((o) => o.id)).toEqual(
      [urgent, own, waitingOld, waitingNew, theirs, mine].map((o) => o.id),
    );
    expect(kitchenOrders(all, filter(false, false), me)).not.toContain(theirs);
    expect(kitchenOrders(all, filter(false, false), me)).toContain(mine);
  });

  it("the delivery queue: ready orders, longest waiting first; only mine (or nobody's) when asked", () => {
    expect(deliveryOrders(all, DEFAULT_ORDER_FILTER, me)).toEqual([readyForOther, readyForAnyone, readyForMe]);
    expect(deliveryOrders(all, filter(true, true), me)).toEqual([readyForAnyone, readyForMe]);
  });

  it("the shortcuts' targets: the order I hold, the next one I may claim (never my own), the next delivery for me", () => {
    expect(heldBy(all, me)).toBe(mine);
    expect(nextToClaim(all, me)).toBe(urgent);
    expect(nextToClaim([own], me)).toBeUndefined();
    expect(nextToDeliver(all, me)).toBe(readyForMe);
    expect(nextToDeliver([readyForOther, readyForAnyone], me)).toBe(readyForAnyone);
  });

  it('formats countdowns and ages', () => {
    expect([185_000, 999, 0, -5_000].map(countdown)).toEqual(['3:05', '0:01', '0:00', '0:00']);
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    expect(
      ['2026-11-22T11:59:30.000Z', '2026-11-22T11:56:00.000Z', '2026-11-22T09:55:00.000Z'].map((iso) =>
        age(iso, now, kitchenText('en')),
      ),
    ).toEqual(['just now', '4 min', '2 h 5 min']);
  });

  it('tags an order by its state; reported and undeliverable orders say so', () => {
    expect(orderTag(order({ status: 'PREPARING' }))).toEqual({ view: 'PREPARING', className: 'vd-state-cooking' });
    expect(orderTag(order({ status: 'DELIVERED', report: true }))).toEqual({
      view: 'REPORTED',
      className: 'vd-state-reported',
    });
    expect(orderTag(order({ status: 'DELIVERED', deliveryFailed: true }))).toEqual({
      view: 'DELIVERY_FAILED',
      className: 'vd-state-failed',
    });
  });
});
