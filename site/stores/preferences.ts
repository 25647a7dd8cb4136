import { persistentAtom } from '@nanostores/persistent';

/**
 * The browser preferences the specification names, persisted in localStorage under its exact keys. Other tabs
 * follow a change at once (the storage event). Every screen that needs one imports the atom from here:
 * the staff sidebar (`sidebarActive`), festive mode (`snowActive`, `festiveCountdown`) and the order manager
 * (`soundEffects`, `orderFilter`).
 */

/** Booleans are stored as 'true' / 'false'; anything else (a value we did not write) reads as the default. */
function booleanOptions(fallback: boolean) {
  return {
    encode: (value: boolean) => String(value),
    decode: (stored: string) => (stored === 'true' ? true : stored === 'false' ? false : fallback),
  };
}

function persistentFlag(key: string, fallback: boolean) {
  return persistentAtom<boolean>(key, fallback, booleanOptions(fallback));
}

/** The staff sidebar is expanded (true) or mini (false). Default on. */
export const sidebarActive = persistentFlag('sidebarActive', true);
/** Festive mode's snow layer. Default on. */
export const snowActive = persistentFlag('festive-snow', true);
/** Festive mode's countdown. Default on. */
export const festiveCountdown = persistentFlag('festive-countdown', true);
/** The order manager plays a sound on new orders and claims. Default off. */
export const soundEffects = persistentFlag('orderManager_soundEffects', false);

/**
 * What a queue of the order manager shows. Both queues take the same shape:
 * - `status`: which orders are listed: every order, only those nobody has claimed yet, or only mine;
 * - `sort`: oldest first (the default: first come, first served) or newest first;
 * - `hideOthersClaimed`: hide orders another member of staff has claimed.
 */
export interface QueueFilter {
  status: 'all' | 'unclaimed' | 'mine';
  sort: 'oldest' | 'newest';
  hideOthersClaimed: boolean;
}

/** The order manager's filter: one setting per queue (the kitchen's orders to prepare, the drivers' to deliver). */
export interface OrderFilter {
  kitchenQueue: QueueFilter;
  deliveryQueue: QueueFilter;
}

export const DEFAULT_QUEUE_FILTER: QueueFilter = { status: 'all', sort: 'oldest', hideOthersClaimed: false };
export const DEFAULT_ORDER_FILTER: OrderFilter = { kitchenQueue: DEFAULT_QUEUE_FILTER, deliveryQueue: DEFAULT_QUEUE_FILTER };

const STATUSES = new Set<QueueFilter['status']>(['all', 'unclaimed', 'mine']);
const SORTS = new Set<QueueFilter['sort']>(['oldest', 'newest']);

/** A stored queue filter, field by field: a field that is missing or not one we know takes its default. */
function queueFilterOf(value: unknown): QueueFilter {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    status: STATUSES.has(v.status as QueueFilter['status']) ? (v.status as QueueFilter['status']) : DEFAULT_QUEUE_FILTER.status,
    sort: SORTS.has(v.sort as QueueFilter['sort']) ? (v.sort as QueueFilter['sort']) : DEFAULT_QUEUE_FILTER.sort,
    hideOthersClaimed: typeof v.hideOthersClaimed === 'boolean' ? v.hideOthersClaimed : DEFAULT_QUEUE_FILTER.hideOthersClaimed,
  };
}

export function decodeOrderFilter(stored: string): OrderFilter {
  try {
    const parsed = JSON.parse(stored) as Record<string, unknown> | null;
    return { kitchenQueue: queueFilterOf(parsed?.kitchenQueue), deliveryQueue: queueFilterOf(parsed?.deliveryQueue) };
  } catch {
    return DEFAULT_ORDER_FILTER;
  }
}

export const orderFilter = persistentAtom<OrderFilter>('orderManager_orderFilter', DEFAULT_ORDER_FILTER, {
  encode: JSON.stringify,
  decode: decodeOrderFilter,
});
