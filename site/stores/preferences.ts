import { persistentJSON } from '@nanostores/persistent';

/**
 * The browser preferences the specification names, persisted in localStorage under its exact keys as JSON
 * (`true` / `false` for the switches). Other tabs follow a change at once (the storage event). Every screen that
 * needs one imports the atom from here: the staff sidebar (`sidebarActive`), festive mode (`snowActive`,
 * `festiveCountdown`) and the order manager (`soundEffects`, `orderFilter`). A value that is not JSON reads as
 * the default.
 */

/**
 * What the order manager's two queues show (the same shape as the order manager's own, site/lib/kitchen.ts on the
 * orders work): the kitchen may hide orders other chefs hold; the delivery queue may show only the orders assigned
 * to me (or to nobody).
 */
export interface OrderFilter {
  kitchenQueue: { showOthers: boolean };
  deliveryQueue: { onlyMine: boolean };
}
export const DEFAULT_ORDER_FILTER: OrderFilter = { kitchenQueue: { showOthers: true }, deliveryQueue: { onlyMine: false } };

/** The staff sidebar is full width (true) or mini (false) on a desktop. Default on. */
export const sidebarActive = persistentJSON<boolean>('sidebarActive', true);
/** Festive mode's snow layer. Default on. */
export const snowActive = persistentJSON<boolean>('festive-snow', true);
/** Festive mode's countdown. Default on. */
export const festiveCountdown = persistentJSON<boolean>('festive-countdown', true);
/** The order manager's sound effects. Default off. */
export const soundEffects = persistentJSON<boolean>('orderManager_soundEffects', false);
/** What the order manager's queues show. */
export const orderFilter = persistentJSON<OrderFilter>('orderManager_orderFilter', DEFAULT_ORDER_FILTER);
