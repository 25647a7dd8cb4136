import type { DeliveryQueueEntryView, OrderView } from '../../plugins/orders/schemas.ts';

export { orderTag } from './labels.ts';

/**
 * The order manager's rules, pure so they are tested without a browser: which orders each queue shows, in which
 * order, and the countdowns.
 */

/** `orderManager_orderFilter` (site/stores/preferences.ts): what each queue shows. */
export interface OrderFilter {
  kitchenQueue: {
    /** Show orders other chefs have claimed or are preparing (off: only waiting orders and my own). */
    showOthers: boolean;
  };
  deliveryQueue: {
    /** Only orders assigned to me (or to nobody). */
    onlyMine: boolean;
  };
}

export const DEFAULT_ORDER_FILTER: OrderFilter = {
  kitchenQueue: { showOthers: true },
  deliveryQueue: { onlyMine: false },
};

const byUrgency = (a: OrderView, b: OrderView) => b.priority - a.priority || a.orderedAt.localeCompare(b.orderedAt);

/** The kitchen: waiting, claimed and cooking orders; priority first, then oldest first. */
export function kitchenOrders(orders: Iterable<OrderView>, filter: OrderFilter, meId: string): OrderView[] {
  const mine = (o: OrderView) => o.claimedBy?.id === meId || o.preparedBy?.id === meId;
  return [...orders]
    .filter((o) => o.status === 'ORDERED' || o.status === 'CLAIMED' || o.status === 'PREPARING')
    .filter((o) => filter.kitchenQueue.showOthers || o.status === 'ORDERED' || mine(o))
    .sort(byUrgency);
}

/** Out for delivery: ready orders, the longest waiting first. */
export function deliveryOrders(orders: Iterable<OrderView>, filter: OrderFilter, meId: string): OrderView[] {
  return [...orders]
    .filter((o) => o.status === 'READY')
    .filter((o) => !filter.deliveryQueue.onlyMine || !o.assignedDriver || o.assignedDriver.id === meId)
    .sort((a, b) => (a.readyAt ?? '').localeCompare(b.readyAt ?? '') || byUrgency(a, b));
}

/** The order the chef holds (claimed, not yet cooking): at most one. */
export function heldBy(orders: Iterable<OrderView>, meId: string): OrderView | undefined {
  for (const order of orders) if (order.status === 'CLAIMED' && order.claimedBy?.id === meId) return order;
  return undefined;
}

/** The oldest waiting order someone else ordered: what the claim shortcut takes. */
export function nextToClaim(orders: Iterable<OrderView>, meId: string): OrderView | undefined {
  return [...orders].filter((o) => o.status === 'ORDERED' && o.orderedBy.id !== meId).sort(byUrgency)[0];
}

/** A ready order assigned to me; else, with no driver assigned, the first one waiting. */
export function nextToDeliver(orders: Iterable<OrderView>, meId: string): OrderView | undefined {
  const ready = [...orders]
    .filter((o) => o.status === 'READY')
    .sort((a, b) => (a.readyAt ?? '').localeCompare(b.readyAt ?? ''));
  return ready.find((o) => o.assignedDriver?.id === meId) ?? ready.find((o) => !o.assignedDriver);
}

export function inQueue(queue: readonly DeliveryQueueEntryView[], meId: string): boolean {
  return queue.some((entry) => entry.userID === meId);
}

/** Milliseconds until an ISO time (negative once passed); null stays null. */
export function msUntil(iso: string | null, now: number): number | null {
  return iso === null ? null : Date.parse(iso) - now;
}

/** 185000 → "3:05"; a passed deadline shows "0:00". */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How long ago: "just now", "4 min", "2 h 5 min", in the page's language (the kitchen's catalogue). */
export function age(
  iso: string,
  now: number,
  t: (key: 'age.now' | 'age.minutes' | 'age.hours', values?: { hours?: number; minutes: number }) => string,
): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return t('age.now');
  if (minutes < 60) return t('age.minutes', { minutes });
  return t('age.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
