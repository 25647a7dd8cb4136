import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import arrayParse from 'postgres-array';
import type { Config } from '../config.ts';
import { DEFAULT_DATA_DIR, embeddedPathOf, embeddedStartParams, isNewEmbedded, templatePathOf } from './embedded.ts';
import { extractTemplate } from './extract-template.ts';
import {
  type EmbeddedOpen,
  type EmbeddedPlan,
  serializeError,
  type ThreadMessage,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-protocol.ts';

/**
 * The embedded database's thread (core/db/pglite-thread.ts starts it): PGlite, PostgreSQL in WebAssembly, and its
 * JavaScript, off the thread that serves HTTP. It answers the requests of the one PGliteThread that made it, in the
 * order PGlite's own locks give them, exactly as PGlite answers callers in one thread: a transaction holds the
 * database until it ends, and other queries wait for it.
 */
if (!parentPort) throw new Error('core/db/pglite-worker.ts runs as a worker thread (core/db/pglite-thread.ts)');
const port = parentPort;
const open = workerData as EmbeddedOpen;

/** MikroORM's PostgreSQL type parsers (@mikro-orm/sql createPostgreSqlTypeParsers): dates and intervals kept as text. */
const parsers: Record<number, (value: string) => unknown> = {};
for (const oid of [1082, 1114, 1184, 1186]) parsers[oid] = (value) => value;
for (const oid of [1182, 1115, 1185, 1187]) parsers[oid] = (value) => arrayParse.parse(value);

/**
 * Transactions in progress by id: each ends when the thread says commit or rollback (`end`), and `ended` settles once
 * PGlite has run its COMMIT or ROLLBACK, with null or the error.
 */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<unknown> }>();
let nextTransaction = 1;
/** Thrown into PGlite's transaction to roll it back: not an error of the caller's. */
const ROLLBACK = Symbol('rollback');

/** A result as the thread needs it: rows, their fields and the affected count (the Blob of COPY is never asked for). */
const plain = (result: Results): Results => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
});

/** PGlite's modules, loading from the start (while the plan is made). */
const loadingPGlite = import('@electric-sql/pglite');
loadingPGlite.catch(() => {});

/**
 * What to open. Begun by server.ts from the environment (`env`), the decisions are made here, as the start would make
 * them (core/boot.ts checks the folder against its configuration's): the folder (DATA_DIR's, as core/config.ts reads
 * it), whether it holds a database yet, and for a new one the template it gets, the demo template's when it fits the
 * configuration (core/demo-template.ts; only then is the configuration read whole here). Null: nothing to open (a
 * configuration the start will refuse, or one without an embedded database on disk).
 */
async function planned(): Promise<EmbeddedPlan | null> {
  if (!('env' in open)) {
    if (open.dataDir === 'memory://')
      throw new Error(
        'An in-memory database opens on the thread that asks for it (core/db/orm.ts), not in a thread of its own',
      );
    return { dataDir: open.dataDir, isNew: false, demoTemplate: null, template: open.template ?? null };
  }
  const dataDir = embeddedPathOf(open.env.DATA_DIR ?? DEFAULT_DATA_DIR);
  if (dataDir === 'memory://') return null;
  if (!isNewEmbedded(dataDir)) return { dataDir, isNew: false, demoTemplate: null, template: null };
  const [{ loadConfig }, { demoTemplateFor }] = await Promise.all([
    import('../config.ts'),
    import('./demo-template.ts'),
  ]);
  let config: Config;
  try {
    config = loadConfig(open.env);
  } catch {
    return null;
  }
  if (config.databaseUrl || config.embeddedDbPath !== dataDir) return null;
  // Loaded without the plugins: their variables are compared as the environment gives them.
  const demoTemplate = demoTemplateFor(config, open.distDir, dataDir, Date.now(), open.env);
  const template = demoTemplate ?? templatePathOf(open.distDir);
  return { dataDir, isNew: true, demoTemplate, template: existsSync(template) ? template : null };
}

async function opened(plan: EmbeddedPlan): Promise<PGlite> {
  const [{ PGlite }] = await Promise.all([
    loadingPGlite,
    mkdir(plan.dataDir, { recursive: true }).then(() =>
      plan.template ? extractTemplate(plan.template, plan.dataDir) : undefined,
    ),
  ]);
  return PGlite.create({
    dataDir: plan.dataDir,
    startParams: embeddedStartParams(PGlite.defaultStartParams, open.sharedBuffers),
    parsers,
  });
}

/**
 * Begins a transaction with PGlite's own `transaction`, which holds the database (every other query waits) until the
 * callback settles: here, until the thread's `end`. Answers the transaction's id once BEGIN has run.
 */
function begin(db: PGlite): Promise<number> {
  const id = nextTransaction++;
  return new Promise<number>((begun, failed) => {
    let started = false;
    let settle: (error: unknown) => void = () => {};
    const ended = new Promise<unknown>((resolve) => (settle = resolve));
    db.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          started = true;
          transactions.set(id, { tx, end: (yes) => (yes ? commit() : rollback(ROLLBACK)), ended });
          begun(id);
        }),
    ).then(
      () => settle(null),
      (error: unknown) => settle(error === ROLLBACK ? null : error),
    );
    // BEGIN itself failed (the callback never ran): the caller's `begin` fails.
    void ended.then((error) => {
      if (!started) failed(error);
    });
  });
}

function transaction(id: number): Transaction {
  const found = transactions.get(id);
  if (!found) throw new Error(`No transaction ${id} in progress`);
  return found.tx;
}

/** A request to the open database (a close is answered before: `answer`). */
async function handle(db: PGlite, request: Exclude<ThreadRequest, { op: 'close' }>): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx === undefined ? db : transaction(request.tx);
      return plain(
        await on.query(request.sql, request.params, request.rowMode ? { rowMode: request.rowMode } : undefined),
      );
    }
    case 'exec': {
      const on = request.tx === undefined ? db : transaction(request.tx);
      return (await on.exec(request.sql)).map(plain);
    }
    case 'begin':
      return begin(db);
    case 'rollbackTx':
      await transaction(request.tx).rollback();
      return null;
    case 'end': {
      const found = transactions.get(request.tx);
      if (!found) throw new Error(`No transaction ${request.tx} in progress`);
      transactions.delete(request.tx);
      found.end(request.commit);
      const error = await found.ended;
      if (error !== null) throw error;
      return null;
    }
    case 'dump': {
      const file = await db.dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    }
  }
}

const plan = planned();
// Told at once, not when asked: the start goes on with what it decided while the database opens, and a request's
// answer waits for PostgreSQL's start, which holds this thread for most of it. A plan that failed is none: the
// start then opens the database itself and reports why it cannot.
void plan.then(
  (decided) => port.postMessage({ plan: decided } satisfies ThreadMessage),
  () => port.postMessage({ plan: null } satisfies ThreadMessage),
);
const db = plan.then((found) => (found ? opened(found) : null));
// Reported to whoever asks (every request waits for it); handled here, so a failed open is never an unhandled one.
db.catch(() => {});

async function answer(request: ThreadRequest): Promise<unknown> {
  const ready = await db.catch((error: unknown) => {
    // A close after a failed open has nothing to close.
    if (request.op === 'close') return null;
    throw error;
  });
  if (request.op === 'close') return ready?.close() ?? null;
  if (!ready) throw new Error('The embedded database was not opened (the configuration names none)');
  return handle(ready, request);
}

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies ThreadReply),
  );
});
