import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { EventBus } from '../../core/events.ts';
import './events.ts';
import { ACTIVE_STATUSES, type OrderView } from './schemas.ts';

/**
 * On PostgreSQL, read again this often, in the background, in case another process's event never reached us. The
 * embedded database belongs to this one process, so every write's event is ours: no reread there.
 */
export const REREAD_MS = 30_000;

/** Most urgent first: priority, then the oldest order (the database's order for the same list). */
export function byUrgency(a: OrderView, b: OrderView): number {
  return b.priority - a.priority || a.orderedAt.localeCompare(b.orderedAt) || a.id.localeCompare(b.id);
}

/** How a request takes the list: plain JSON, or compressed in an encoding browsers take. */
export type ListEncoding = 'identity' | 'gzip' | 'br';

/** Each view's JSON, made once per view: an event brings a new view object for the one order it changed. */
const viewJson = new WeakMap<OrderView, string>();

function jsonOf(view: OrderView): string {
  let json = viewJson.get(view);
  if (json === undefined) {
    json = JSON.stringify(view);
    viewJson.set(view, json);
  }
  return json;
}

function encode(body: Buffer, encoding: Exclude<ListEncoding, 'identity'>): Buffer {
  // Brotli at a fast quality is about a third smaller than gzip for this JSON; gzip for clients without br.
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 4 });
}

/** One version of the list as bytes: the JSON, and each encoding once a request has asked for it. */
interface Encoded {
  views: OrderView[];
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * The order manager's list, kept in memory: read once, then kept true by the order events themselves (each carries
 * the order as the list shows it), so a claim costs no database read of 500 orders. After a change, the next request
 * joins the orders' JSON (each order's made once, when its view arrives) and compresses it only in the encoding it
 * asked for; the other encodings wait for a request that wants them. On PostgreSQL the list is read again in the
 * background every 30 s; events that arrive during a read are applied on top of it.
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

  async views(): Promise<OrderView[]> {
    if (!this.#views) return this.#reload();
    if (this.#rereadMs !== null && performance.now() - this.#at > this.#rereadMs && !this.#loading)
      this.#reload().catch(() => {});
    return this.#views;
  }

  /** The list as `{ orders }` JSON bytes in `encoding`: made once per change and encoding. */
  async bytes(encoding: ListEncoding): Promise<Buffer> {
    const views = await this.views();
    let encoded = this.#bytes;
    if (!encoded || encoded.views !== views) {
      encoded = { views, identity: Buffer.from(`{"orders":[${views.map(jsonOf).join(',')}]}`) };
      if (this.#views === views) this.#bytes = encoded;
    }
    if (encoding === 'identity') return encoded.identity;
    encoded[encoding] ??= encode(encoded.identity, encoding);
    return encoded[encoding];
  }

  #reload(): Promise<OrderView[]> {
    if (this.#loading) return this.#loading;
    const pending: OrderView[] = [];
    this.#pending = pending;
    const loading = this.#load()
      .then((loaded) => {
        const views = applied(loaded, pending);
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

function applied(views: readonly OrderView[], changes: readonly OrderView[]): OrderView[] {
  if (changes.length === 0) return [...views];
  const byId = new Map(views.map((view) => [view.id, view]));
  for (const order of changes) {
    if (ACTIVE_STATUSES.includes(order.status)) byId.set(order.id, order);
    else byId.delete(order.id);
  }
  return [...byId.values()].sort(byUrgency);
}
