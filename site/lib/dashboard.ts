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

/** "+3 on last week", "−2 on last week", "same as last week". */
export function trend(now: number, before: number): string {
  if (now === before) return 'same as last week';
  return `${now > before ? '+' : '−'}${Math.abs(now - before).toLocaleString('en-GB')} on last week`;
}

export function total(figures: WorkFigures): number {
  return figures.prepared + figures.delivered;
}
