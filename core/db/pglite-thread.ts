import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import {
  deserializeError,
  type EmbeddedOpen,
  type EmbeddedPlan,
  type ThreadMessage,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-protocol.ts';

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The embedded database (PGlite) in a worker thread of its own (core/db/pglite-worker.ts), offered to MikroORM as
 * the PGlite instance it queries (`query`, `exec`, `transaction`, `close`, `ready`, `waitReady`: what its driver and
 * kysely's PGlite dialect use). PostgreSQL in WebAssembly and PGlite's JavaScript then run beside the HTTP thread
 * instead of on it:
 * - a start opens the database while the app's modules load (server.ts begins it first);
 * - a busy minute of writes no longer holds up every other request, socket and timer of the process.
 * Each request crosses as a structured clone and is answered once; the worker keeps PGlite's own ordering (a
 * transaction holds the database until it ends). docs/adr/0002-embedded-database-in-a-worker-thread.md.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #ready = false;
  #closed = false;
  readonly #plan: Promise<EmbeddedPlan | null>;
  #planned: (plan: EmbeddedPlan | null) => void = () => {};
  /** Why the worker ended, once it has: every request after fails with it. */
  #gone: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(open: EmbeddedOpen) {
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: open, name: 'pglite' });
    this.#plan = new Promise((resolve) => (this.#planned = resolve));
    this.#worker.on('message', (message: ThreadMessage) => {
      if ('plan' in message) this.#planned(message.plan);
      else this.#answer(message);
    });
    this.#worker.on('error', (error) => this.#end(error));
    this.#worker.on('exit', (code) => this.#end(new Error(`The embedded database's thread ended (exit code ${code})`)));
    // The thread keeps the process alive only while a request waits for its answer (a script that forgot to close
    // the database still ends).
    this.#worker.unref();
    // The worker answers requests only once the database has opened: a first query is the open's outcome. Marked
    // handled here: a failed open is reported to whoever queries.
    this.waitReady = this.query('select 1').then(() => {
      this.#ready = true;
    });
    this.waitReady.catch(() => {});
  }

  get ready(): boolean {
    return this.#ready && !this.#closed;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, params, rowMode: options?.rowMode }) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** PGlite's `transaction`: BEGIN, the callback with queries inside it, then COMMIT, or ROLLBACK when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async (sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) => {
        open();
        return this.#call({ op: 'query', tx: id, sql, params, rowMode: options?.rowMode });
      },
      exec: async (sql: string) => {
        open();
        return this.#call({ op: 'exec', tx: id, sql });
      },
      rollback: async () => {
        open();
        await this.#call({ op: 'rollbackTx', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      // The callback's error is the one to tell, even when the ROLLBACK after it fails too.
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /**
   * What the thread opens, as soon as it has decided, before it opens it. Null: nothing (every query fails), or the
   * thread ended before it decided.
   */
  plan(): Promise<EmbeddedPlan | null> {
    return this.#plan;
  }

  /** The cluster as an uncompressed tar (core/db/template.ts). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = (await this.#call({ op: 'dump' })) as Uint8Array<ArrayBuffer>;
    return new Blob([bytes], { type: 'application/x-tar' });
  }

  /** Closes the database (PostgreSQL's files flushed), then ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (!this.#gone) await this.#call({ op: 'close' });
    } finally {
      this.#end(new Error('The embedded database is closed'));
      await this.#worker.terminate();
    }
  }

  #call(request: Request): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #answer(reply: ThreadReply): void {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(deserializeError(reply.error));
  }

  #end(error: Error): void {
    this.#gone ??= error;
    this.#planned(null);
    for (const waiting of this.#pending.values()) waiting.reject(this.#gone);
    this.#pending.clear();
  }
}
