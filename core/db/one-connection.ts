import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PGliteAdapter,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DatabaseTimeoutError, QueryOutsideTransactionError } from './errors.ts';

/** Set for the flow of work inside a transaction's callback while the transaction is open (pglite-driver.ts). */
export interface Hold {
  open: boolean;
}

export interface OneConnectionLimits {
  /** How long a statement may wait for the connection, and a transaction sit idle holding it. */
  timeoutMs: number;
  /** Where the driver says what it stopped (the server's log, once it has one). */
  report(message: string): void;
}

/**
 * The embedded database has one connection, which a transaction holds from begin to commit. This dialect wraps
 * kysely's PGlite dialect with a driver that hands the connection out in turn (kysely's own turn-taking, used for
 * single-connection dialects, cannot see who is asking), and that:
 *
 * - refuses at once a query issued outside the transaction that the same flow of work holds
 *   (QueryOutsideTransactionError): it would wait for itself forever and, behind it, every other request;
 * - refuses a statement that waited for the connection longer than the limit (SQLSTATE 57014, as PostgreSQL's
 *   statement_timeout): the request is a 503, not a hang;
 * - rolls back a transaction that sat idle holding the connection longer than the limit (25P03, as PostgreSQL's
 *   idle_in_transaction_session_timeout), so one stuck request cannot stop the diner. A statement that is running
 *   is never stopped: PGlite cannot cancel one.
 */
export class OneConnectionDialect implements Dialect {
  readonly #inner: Dialect;
  readonly #holds: AsyncLocalStorage<Hold>;
  readonly #limits: OneConnectionLimits;

  constructor(inner: Dialect, holds: AsyncLocalStorage<Hold>, limits: OneConnectionLimits) {
    this.#inner = inner;
    this.#holds = holds;
    this.#limits = limits;
  }

  createAdapter(): DialectAdapter {
    return new TurnTakingAdapter();
  }

  createDriver(): Driver {
    return new OneConnectionDriver(this.#inner.createDriver(), this.#holds, this.#limits);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.#inner.createIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return this.#inner.createQueryCompiler();
  }
}

/** PGlite's adapter, but kysely is told not to take turns itself: OneConnectionDriver does. */
class TurnTakingAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** One holder's use of the connection, from acquire to release. */
class Lease implements DatabaseConnection {
  readonly connection: DatabaseConnection;
  readonly since = performance.now();
  idleSince = performance.now();
  running = 0;
  lastStatement = '';
  released = false;
  /** Set when the driver rolled this holder's transaction back; every later statement fails with it. */
  revoked: DatabaseTimeoutError | null = null;
  watch: NodeJS.Timeout | null = null;

  constructor(connection: DatabaseConnection) {
    this.connection = connection;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.revoked) throw this.revoked;
    this.running++;
    this.lastStatement = query.sql;
    try {
      return await this.connection.executeQuery<R>(query);
    } finally {
      this.running--;
      this.idleSince = performance.now();
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.revoked) throw this.revoked;
    return this.connection.streamQuery<R>(query, chunkSize);
  }

  describe(): string {
    const seconds = ((performance.now() - this.since) / 1000).toFixed(1);
    return `held for ${seconds} s; its last statement: ${this.lastStatement || '(none yet)'}`;
  }
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** When it began to wait. */
  since: number;
}

class OneConnectionDriver implements Driver {
  readonly #inner: Driver;
  readonly #holds: AsyncLocalStorage<Hold>;
  readonly #limits: OneConnectionLimits;
  /** The lease that holds the connection, if any. */
  #lease: Lease | null = null;
  #busy = false;
  readonly #waiting: Waiter[] = [];

  constructor(inner: Driver, holds: AsyncLocalStorage<Hold>, limits: OneConnectionLimits) {
    this.#inner = inner;
    this.#holds = holds;
    this.#limits = limits;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#holds.getStore()?.open) throw new QueryOutsideTransactionError();
    if (this.#busy) await this.#turn();
    else this.#busy = true;
    try {
      this.#lease = new Lease(await this.#inner.acquireConnection());
    } catch (error) {
      this.#handOver();
      throw error;
    }
    return this.#lease;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const lease = connection as Lease;
    await this.#inner.beginTransaction(lease.connection, settings);
    lease.idleSince = performance.now();
    lease.watch = setTimeout(() => this.#checkIdle(lease), this.#limits.timeoutMs).unref();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.revoked) throw lease.revoked;
    this.#unwatch(lease);
    await this.#inner.commitTransaction(lease.connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    this.#unwatch(lease);
    // Already rolled back by the driver (#checkIdle).
    if (lease.revoked) return;
    await this.#inner.rollbackTransaction(lease.connection);
  }

  // Savepoints run their statements through the lease, which keeps its accounting.
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.#inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.#inner.releaseSavepoint?.(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.released) return;
    await this.#release(lease);
  }

  async destroy(): Promise<void> {
    for (const waiter of this.#waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('The database is closing'));
    }
    await this.#inner.destroy();
  }

  /** Waits for the connection (handed over by #handOver), at most the limit (#expire). */
  #turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => this.#expire(waiter), this.#limits.timeoutMs),
        since: performance.now(),
      };
      this.#waiting.push(waiter);
    });
  }

  /**
   * A waiter's limit is up. Held by a transaction that has sat idle since before the waiter began to wait, the
   * connection is freed by that transaction's own limit (#checkIdle) no later than the waiter's: the waiter waits
   * for that, since two timers due in the same moment may fire in either order. Otherwise (the transaction kept
   * working while the waiter waited, even if it is between two statements now, which is when this timer can fire
   * with the database on this thread) the statement is refused.
   */
  #expire(waiter: Waiter): void {
    const lease = this.#lease;
    if (lease?.watch && lease.running === 0 && lease.idleSince <= waiter.since) {
      const idleMs = performance.now() - lease.idleSince;
      waiter.timer = setTimeout(() => this.#expire(waiter), Math.max(1, this.#limits.timeoutMs - idleMs + 1)).unref();
      return;
    }
    this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
    const message = `A statement waited more than ${this.#limits.timeoutMs} ms for the embedded database and was refused; the connection is ${lease?.describe() ?? 'free'}`;
    this.#limits.report(message);
    waiter.reject(new DatabaseTimeoutError(message, '57014'));
  }

  async #release(lease: Lease): Promise<void> {
    lease.released = true;
    this.#unwatch(lease);
    try {
      await this.#inner.releaseConnection(lease.connection);
    } finally {
      if (this.#lease === lease) this.#lease = null;
      this.#handOver();
    }
  }

  /** The next waiter gets the connection (still busy), or it is free. */
  #handOver(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#busy = false;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }

  #unwatch(lease: Lease): void {
    if (lease.watch) clearTimeout(lease.watch);
    lease.watch = null;
  }

  /** Rolls back a transaction idle past the limit; a statement still running is waited for, never stopped. */
  #checkIdle(lease: Lease): void {
    const idleMs = performance.now() - lease.idleSince;
    if (lease.running > 0 || idleMs < this.#limits.timeoutMs) {
      lease.watch = setTimeout(
        () => this.#checkIdle(lease),
        lease.running > 0 ? this.#limits.timeoutMs : this.#limits.timeoutMs - idleMs,
      ).unref();
      return;
    }
    const message = `A transaction sat idle for more than ${this.#limits.timeoutMs} ms holding the embedded database and was rolled back; it was ${lease.describe()}`;
    lease.revoked = new DatabaseTimeoutError(message, '25P03');
    lease.watch = null;
    this.#limits.report(message);
    void this.#inner
      .rollbackTransaction(lease.connection)
      .catch((error: unknown) =>
        this.#limits.report(`Rolling back the idle transaction failed: ${(error as Error).message}`),
      )
      .then(() => this.#release(lease));
  }
}
