import type { EventBus } from '../../core/events.ts';
import type { JsonBytes } from '../../core/http/json-text.ts';
import './events.ts';
import { listGzip, listJson } from './list-bytes.ts';
import { ACTIVE_STATUSES, type OrdersResponse, type OrderView } from './schemas.ts';

/**
 * On PostgreSQL, read again this often, in the background, in case another process's event never reached us. The
 * embedded database belongs to this one process, so every write's event is ours: no reread there.
 */
export const REREAD_MS = 30_000;

/** Most urgent first: priority, then the oldest order (the database's order for the same list). */
export function byUrgency(a: OrderView, b: OrderView): number {
  return b.priority - a.priority || a.orderedAt.localeCompare(b.orderedAt) || a.id.localeCompare(b.id);
}

/**
 * How a request takes the list: plain JSON, or gzip, which can be made in parts (list-bytes.ts); brotli cannot, and
 * compressing the whole list per change cost the first reader more than its budget (ADR 0024).
 */
export type ListEncoding = 'identity' | 'gzip';

/** One version of the list as bytes, each encoding once a request has asked for it. */
interface Encoded {
  views: OrderView[];
  identity?: JsonBytes<OrdersResponse>;
  gzip?: JsonBytes<OrdersResponse>;
}

const ENCODERS = { identity: listJson, gzip: listGzip };

/**
 * The order manager's list, kept in memory: read once, then kept true by the order events themselves (each carries
 * the order as the list shows it), so a claim costs no database read of 500 orders. After a change, the next request
 * makes the list's bytes in the encoding it asked for, from what the versions before had made (list-bytes.ts); the
 * other encoding waits for a request that wants it. On PostgreSQL the list is read again in the background every 30 s;
 * events that arrive during a read are applied on top of it.
 */
export class ActiveOrders {
  readonly #load: () => Promise<OrderView[]>;
  readonly #rereadMs: number | null;
  #views: OrderView[] | null = null;
  #at = 0;
  #bytes: Encoded | null = null;
  #loading: Promise<OrderView[]> | null = null;
  /** Events seen while a read is in flight: applied to its result. */
  #pending: OrderView[] | null = null;

  constructor(load: () => Promise<OrderView[]>, events: EventBus, rereadMs: number | null = REREAD_MS) {
    this.#load = load;
    this.#rereadMs = rereadMs;
    for (const event of ['orderSent', 'orderUpdated', 'cancelOrder', 'orderDeleted', 'deliverOrder'] as const) {
      events.on(event, ({ order }) => this.apply(order));
    }
  }

  apply(order: OrderView): void {
    this.#pending?.push(order);
    if (this.#views) this.#views = applied(this.#views, [order]);
    this.#bytes = null;
  }

  /** Forgets the list: the next request reads it again (a deleted account's orders now name a pseudonym). */
  forget(): void {
    this.#views = null;
    this.#bytes = null;
  }

  async views(): Promise<OrderView[]> {
    if (!this.#views) return this.#reload();
    if (this.#rereadMs !== null && performance.now() - this.#at > this.#rereadMs && !this.#loading)
      this.#reload().catch(() => {});
    return this.#views;
  }

  /** The list as `{ orders }` JSON bytes in `encoding`: made once per change and encoding. */
  async bytes(encoding: ListEncoding): Promise<JsonBytes<OrdersResponse>> {
    const views = await this.views();
    let encoded = this.#bytes;
    if (!encoded || encoded.views !== views) {
      encoded = { views };
      if (this.#views === views) this.#bytes = encoded;
    }
    encoded[encoding] ??= ENCODERS[encoding](views);
    return encoded[encoding];
  }

  #reload(): Promise<OrderView[]> {
    if (this.#loading) return this.#loading;
    const pending: OrderView[] = [];
    this.#pending = pending;
    const loading = this.#load()
      .then((loaded) => {
        // Sorted here as the patches expect (the database's order may differ within one millisecond).
        const views = applied(loaded.sort(byUrgency), pending);
        this.#views = views;
        this.#at = performance.now();
        this.#bytes = null;
        return views;
      })
      .finally(() => {
        if (this.#loading === loading) {
          this.#loading = null;
          this.#pending = null;
        }
      });
    this.#loading = loading;
    return loading;
  }
}

/**
 * The list with these changes patched in, most urgent first: an order that stays active keeps its place unless its
 * urgency changed, an order that left is taken out, a new one goes where its urgency puts it. A copy: a list already
 * handed out (and its bytes) stays as it was.
 */
function applied(views: readonly OrderView[], changes: readonly OrderView[]): OrderView[] {
  const list = [...views];
  for (const order of changes) {
    const at = list.findIndex((view) => view.id === order.id);
    const active = ACTIVE_STATUSES.includes(order.status);
    if (at >= 0 && active && byUrgency(list[at]!, order) === 0) {
      list[at] = order;
      continue;
    }
    if (at >= 0) list.splice(at, 1);
    if (active) list.splice(placeOf(list, order), 0, order);
  }
  return list;
}

/** Where `order` goes in a list sorted by urgency: after every order more urgent than it. */
function placeOf(list: readonly OrderView[], order: OrderView): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byUrgency(list[middle]!, order) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
