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

/**
 * `{ orders }` gzipped: the runs of earlier versions that are unchanged, the others deflated. A kept run is found by
 * its first order and checked by reference, so a read after one change looks up each run, not each order: looking up
 * all 500 cost about 0.35 ms a read in the bench's server (20 µs in a tight loop), where the deflate of a run costs
 * about as much (bench/NOTES.md, "The active list's first read after a change").
 */
export function listGzip(views: readonly OrderView[]): JsonBytes<OrdersResponse> {
  const parts = [START_PART];
  for (let start = 0; start < views.length; ) {
    const run = runAt(views, start);
    parts.push(run.part);
    start += run.views.length;
  }
  parts.push(END_PART);
  return gzipOf(parts) as JsonBytes<OrdersResponse>;
}

/**
 * The run that starts at `start`: kept if the same orders follow the same order, else made. A kept run may end where
 * a new one would not (it was made at the list's end, say): its bytes are the same orders' either way.
 */
function runAt(views: readonly OrderView[], start: number): Run {
  const after = views[start - 1] ?? null;
  const kept = runs.get(views[start]!);
  if (kept?.after === after && kept.views.every((view, i) => view === views[start + i])) return kept;
  let end = start + 1;
  while (end < views.length && end - start < RUN_MAX && !pieceOf(views[end - 1]!).endsRun) end++;
  const run = views.slice(start, end);
  // The order before the run is in the decoder's window: the run refers to it rather than spelling out its keys again.
  const part = deflatedPart(Buffer.concat(joined(run, after)), LEVEL, after ? pieceOf(after).bytes : undefined);
  const made = { after, views: run, part };
  runs.set(run[0]!, made);
  return made;
}
