import { persistentJSON } from '@nanostores/persistent';
import { DEFAULT_ORDER_FILTER, type OrderFilter } from '../lib/kitchen.ts';

/**
 * The browser preferences the specification names, persisted in localStorage under its exact keys as JSON
 * (`true` / `false` for the switches). Other tabs follow a change at once (the storage event). Every screen that
 * needs one imports the atom from here: the staff sidebar (`sidebarActive`), festive mode (`snowActive`,
 * `festiveCountdown`) and the order manager (`soundEffects`, `orderFilter`). A value that is not JSON reads as
 * the default.
 */

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
