import type { DeliveryQueueEntryView, OrderView, WorkFigures } from '../../plugins/orders/schemas.ts';

/**
 * The staff dashboard's rules, pure so they are tested without a browser and shared by the server render and the
 * live updates: the kitchen now, the order this staff member holds, and how this week compares with the last.
 */
export interface KitchenNow {
  waiting: number;
  /** Claimed or being prepared. */
  cooking: number;
  ready: number;
  /** Drivers waiting in the delivery queue. */
  drivers: number;
  /** The order this user holds: claimed or cooking by them, or ready and assigned to them to deliver. */
  mine: OrderView | null;
}

export function kitchenNow(
  orders: readonly OrderView[],
  queue: readonly DeliveryQueueEntryView[],
  meId: string,
): KitchenNow {
  const count = (...states: OrderView['status'][]) => orders.filter((order) => states.includes(order.status)).length;
  const mine =
    orders.find(
      (o) =>
        (o.status === 'CLAIMED' || o.status === 'PREPARING') && (o.claimedBy?.id === meId || o.preparedBy?.id === meId),
    ) ??
    orders.find((o) => o.status === 'READY' && o.assignedDriver?.id === meId) ??
    null;
  return {
    waiting: count('ORDERED'),
    cooking: count('CLAIMED', 'PREPARING'),
    ready: count('READY'),
    drivers: queue.length,
    mine,
  };
}

/** "+3 on last week", "−2 on last week", "same as last week", in the page's language (the dashboard's catalogue). */
export function trend(
  now: number,
  before: number,
  t: (key: 'trend.up' | 'trend.down' | 'trend.same', values?: { by: number }) => string,
): string {
  if (now === before) return t('trend.same');
  return t(now > before ? 'trend.up' : 'trend.down', { by: Math.abs(now - before) });
}

export function total(figures: WorkFigures): number {
  return figures.prepared + figures.delivered;
}
