import { persistentJSON } from '@nanostores/persistent';
import { DEFAULT_ORDER_FILTER, type OrderFilter } from '../lib/kitchen.ts';

/** Whether the staff sidebar is full width (true) or mini (false) on a desktop. Stored as JSON `true`/`false`. */
export const sidebarActive = persistentJSON<boolean>('sidebarActive', true);

/** The order manager's new-order chime: off by default. */
export const soundEffects = persistentJSON<boolean>('orderManager_soundEffects', false);

/** What the order manager's two queues show. */
export const orderFilter = persistentJSON<OrderFilter>('orderManager_orderFilter', DEFAULT_ORDER_FILTER);
