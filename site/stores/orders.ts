import { atom, map } from 'nanostores';
import { ACTIVE_STATUSES, type DeliveryQueueEntryView, type OrderView } from '../../plugins/orders/schemas.ts';

/**
 * The order manager's lists: every active order by id, and the delivery queue. Seeded by the page (server-rendered
 * from the services), kept true by gateway events, reread after a reconnect in case events were missed.
 */
export const $orders = map<Record<string, OrderView>>({});
export const $deliveryQueue = atom<DeliveryQueueEntryView[]>([]);

export function setOrders(orders: readonly OrderView[]): void {
  $orders.set(Object.fromEntries(orders.map((order) => [order.id, order])));
}

/** An order as it is now: kept while active, dropped once delivered, cancelled or deleted. */
export function putOrder(order: OrderView): void {
  const current = $orders.get()[order.id];
  // Events can overtake an API answer (or each other across processes): never go back to an older version.
  if (current && current.updatedAt > order.updatedAt) return;
  if (ACTIVE_STATUSES.includes(order.status)) $orders.setKey(order.id, order);
  else if (current) {
    const { [order.id]: _gone, ...rest } = $orders.get();
    $orders.set(rest);
  }
}

export function putQueueEntry(entry: DeliveryQueueEntryView, present: boolean): void {
  const others = $deliveryQueue.get().filter((e) => e.userID !== entry.userID);
  $deliveryQueue.set(present ? [...others, entry].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)) : others);
}
