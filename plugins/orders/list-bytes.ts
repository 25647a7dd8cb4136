import type { JsonBytes } from '../../core/http/json-text.ts';
import { deflatedPart, type GzipPart, gzipOf, storedPart } from './gzip-parts.ts';
import type { OrdersResponse, OrderView } from './schemas.ts';

/**
 * The active list as `{ orders }` bytes, plain or gzipped, from what earlier versions of the list already made: each
 * order's JSON once per view (an event brings a new view object for the one order it changed), and the gzip in runs
 * of about 16 orders, each deflated once (gzip-parts.ts): a change re-deflates its run, not 500 orders
 * (docs/adr/0024-the-active-list-in-gzip-parts.md).
 */

/** What is kept of a view: its JSON as UTF-8, and whether a run of the gzip ends after it. */
interface Piece {
  bytes: Buffer;
  endsRun: boolean;
}

const pieces = new WeakMap<OrderView, Piece>();

/**
 * Runs end after an order whose ID hashes to 0 modulo this, so a run's ends depend on its own orders: an order put in
 * or taken out changes one run, not the runs after it as fixed counts would.
 */
const RUN_CUT = 16;
/** A run ends here whatever the hashes say, so that no change re-deflates much more than the mean. */
const RUN_MAX = 48;
/** Only one run is deflated per change, so a slower level than the whole list could afford (ADR 0024). */
const LEVEL = 6;

function pieceOf(view: OrderView): Piece {
  let piece = pieces.get(view);
  if (piece === undefined) {
    piece = { bytes: Buffer.from(JSON.stringify(view)), endsRun: hashOf(view.id) % RUN_CUT === 0 };
    pieces.set(view, piece);
  }
  return piece;
}

/** FNV-1a: the same ID always cuts, or never, whatever its order's state. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const LIST_START = Buffer.from('{"orders":[');
const COMMA = Buffer.from(',');
const LIST_END = Buffer.from(']}');

/** `{ orders }` as JSON bytes: each order's bytes copied in (no string is joined or encoded again). */
export function listJson(views: readonly OrderView[]): JsonBytes<OrdersResponse> {
  return Buffer.concat([LIST_START, ...joined(views, null), LIST_END]) as JsonBytes<OrdersResponse>;
}

/** The orders' bytes, comma-separated, with a comma first when they follow `after`. */
function joined(views: readonly OrderView[], after: OrderView | null): Buffer[] {
  const chunks: Buffer[] = [];
  for (const view of views) {
    if (after !== null || chunks.length > 0) chunks.push(COMMA);
    chunks.push(pieceOf(view).bytes);
  }
  return chunks;
}

/** A run of the list deflated, and what it was made from: the orders in it and the one before (its dictionary). */
interface Run {
  after: OrderView | null;
  views: OrderView[];
  part: GzipPart;
}

/** Each run by its first order. */
const runs = new WeakMap<OrderView, Run>();

const START_PART = storedPart(LIST_START);
const END_PART = storedPart(LIST_END);

/** `{ orders }` gzipped: the runs of earlier versions that are unchanged, the others deflated. */
export function listGzip(views: readonly OrderView[]): JsonBytes<OrdersResponse> {
  const parts = [START_PART];
  let start = 0;
  for (const [i, view] of views.entries()) {
    if (i + 1 < views.length && !pieceOf(view).endsRun && i + 1 - start < RUN_MAX) continue;
    parts.push(runPart(views, start, i + 1));
    start = i + 1;
  }
  parts.push(END_PART);
  return gzipOf(parts) as JsonBytes<OrdersResponse>;
}

function runPart(views: readonly OrderView[], start: number, end: number): GzipPart {
  const after = views[start - 1] ?? null;
  const kept = runs.get(views[start]!);
  if (kept?.after === after && kept.views.length === end - start && kept.views.every((v, i) => v === views[start + i]))
    return kept.part;
  const run = views.slice(start, end);
  // The order before the run is in the decoder's window: the run refers to it rather than spelling out its keys again.
  const part = deflatedPart(Buffer.concat(joined(run, after)), LEVEL, after ? pieceOf(after).bytes : undefined);
  runs.set(run[0]!, { after, views: run, part });
  return part;
}
