import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { EntitySchema, LogContext, Logger } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityManager, MikroORM } from '@mikro-orm/sql';
import type pg from 'pg';
import { beginNewEmbedded, embeddedStartParams, isNewEmbedded } from './embedded.ts';
import type { MigrationClass } from './migrations.ts';

export type Orm = MikroORM;
export type Em = EntityManager;

export interface DatabaseOptions {
  /** A postgres:// URL; unset: the embedded PGlite database at `embeddedPath`. */
  url: string | undefined;
  /** A folder, or 'memory://' for an in-memory database (tests). */
  embeddedPath: string;
  entities: EntitySchema[];
  /** Every migration, in the order they run (core/boot.ts `migrationsOf`); none for a connection that never migrates. */
  migrations?: readonly MigrationClass[];
  /** An initialised PGlite cluster (an uncompressed tar, made by `npm run build`) that a new embedded database starts from. */
  template?: string;
  /** The same as an uncompressed tar already read (tests start each in-memory database from one). */
  templateTar?: Uint8Array;
  /**
   * How long a statement may run or wait, and a transaction sit idle, before it is stopped (DATABASE_TIMEOUT_MS;
   * default 30 s): on PostgreSQL by the server (`statement_timeout`, `idle_in_transaction_session_timeout`), on the
   * embedded database by its driver (core/db/one-connection.ts). docs/architecture.md, "Data".
   */
  timeoutMs?: number;
  debug?: boolean;
}

export const DEFAULT_DATABASE_TIMEOUT_MS = 30_000;

/**
 * Where a database says what it stopped: the server's log, once buildServer hands it over (logDatabaseTo). Before
 * that nothing is written: a statement that fails while the app starts fails the start, which says why.
 */
interface DatabaseLog {
  write(message: string): void;
}
const logs = new WeakMap<Orm, DatabaseLog>();

/** The server's log for what the database stopped (a statement at the limit, an idle transaction rolled back). */
export function logDatabaseTo(orm: Orm, write: (message: string) => void): void {
  const log = logs.get(orm);
  if (log) log.write = write;
}

/**
 * MikroORM's slow-statement log (`slowQueryThreshold`: it is called whatever `debug` says), sent to our log for the
 * statements that failed after half the limit or more: those the limit stopped, or that waited for the embedded
 * database's connection until they were refused. Each is written with its SQL (placeholders, never values).
 */
class SlowStatementLog implements Logger {
  readonly #log: DatabaseLog;

  constructor(log: DatabaseLog) {
    this.#log = log;
  }

  logQuery(context: LogContext): void {
    if (context.level === 'error')
      this.#log.write(`A database statement failed after ${context.took ?? '?'} ms: ${context.query ?? ''}`);
  }

  log(): void {}
  error(): void {}
  warn(): void {}
  setDebugMode(): void {}
  isEnabled(): boolean {
    return true;
  }
}

interface PoolHolder {
  pool: pg.Pool | null;
}
const pools = new WeakMap<Orm, PoolHolder>();

/**
 * The PostgreSQL connection pool of a database openDatabase opened: null on PGlite, which has none; `pool` is null
 * until the first connection. Read without connecting, so metrics never open a connection themselves.
 */
export function poolOf(orm: Orm): { readonly pool: pg.Pool | null } | null {
  return pools.get(orm) ?? null;
}

/** What every driver is opened with: the entities, the migrations, the slow-statement log. */
function commonOptions(options: DatabaseOptions, timeoutMs: number, log: DatabaseLog) {
  return {
    entities: options.entities,
    slowQueryThreshold: Math.ceil(timeoutMs / 2),
    slowQueryLoggerFactory: () => new SlowStatementLog(log),
    extensions: [Migrator],
    debug: options.debug ?? false,
    // Services fork an EntityManager per unit of work; using the global one is a bug we want to hear about.
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    migrations: {
      migrationsList: [...(options.migrations ?? [])],
      snapshot: false,
      silent: true,
      transactional: true,
      allOrNothing: true,
    },
  };
}

type CommonOptions = ReturnType<typeof commonOptions>;

/** PostgreSQL (DATABASE_URL): MikroORM's pool, whose connections start with the limits. */
async function openPostgres(url: string, common: CommonOptions, timeoutMs: number, log: DatabaseLog): Promise<Orm> {
  const { MikroORM } = await import('@mikro-orm/postgresql');
  const { NamedStatementsClient } = await import('./named-statements-client.ts');
  // The `pg` pool, kept as MikroORM makes it (when it first connects), for its metrics (core/metrics/kernel.ts).
  const pool: PoolHolder = { pool: null };
  const orm = (await MikroORM.init({
    ...common,
    clientUrl: url,
    pool: { min: 0, max: 10 },
    driverOptions: {
      // Statements PreparedQuery compiled go to PostgreSQL as named statements, in transactions too.
      Client: NamedStatementsClient,
      onPoolCreated: (created: pg.Pool) => {
        pool.pool = created;
      },
      // Every connection of the pool starts with the limits (pg sends them as the session's parameters).
      statement_timeout: timeoutMs,
      idle_in_transaction_session_timeout: timeoutMs,
    },
  })) as unknown as Orm;
  pools.set(orm, pool);
  logs.set(orm, log);
  return orm;
}

/**
 * The embedded database: PGlite on this thread, in memory ('memory://': tests, DATA_DIR=:memory:) or in a folder. A
 * new one is made from the template cluster rather than by initdb and every migration in WebAssembly: PGlite writes
 * the tarball's files (`loadDataDir`) and opens them as an existing database. On disk, "new" includes a folder whose
 * first start did not finish (embedded.ts `isNewEmbedded`): it is marked, emptied and made again.
 * docs/adr/0019-the-embedded-database-on-one-path.md.
 */
async function openEmbedded(
  options: DatabaseOptions,
  common: CommonOptions,
  limits: object,
  log: DatabaseLog,
): Promise<Orm> {
  let template = options.templateTar;
  if (options.embeddedPath !== 'memory://') {
    template = undefined;
    if (isNewEmbedded(options.embeddedPath)) {
      await beginNewEmbedded(options.embeddedPath);
      if (options.template && existsSync(options.template)) template = await readFile(options.template);
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = embeddedStartParams(PGlite.defaultStartParams);
  const loadDataDir = template ? new TemplateTarball(template) : undefined;
  const driverOptions = { startParams, ...(loadDataDir ? { loadDataDir } : {}), ...limits };
  return openPglite(common, options.embeddedPath, driverOptions, log);
}

/** MikroORM on PGlite through the driver that holds its one connection (pglite-driver.ts). */
async function openPglite(
  common: CommonOptions,
  dbName: string,
  driverOptions: object,
  log: DatabaseLog,
): Promise<Orm> {
  const [{ MikroORM }, { OneConnectionPgliteDriver }] = await Promise.all([
    import('@mikro-orm/pglite'),
    import('./pglite-driver.ts'),
  ]);
  const orm = (await MikroORM.init({
    ...common,
    driver: OneConnectionPgliteDriver,
    dbName,
    driverOptions,
  })) as unknown as Orm;
  logs.set(orm, log);
  embeddedDrivers.add(orm.em.getDriver());
  return orm;
}

/** The drivers of the embedded databases openDatabase opened. */
const embeddedDrivers = new WeakSet<object>();

/** Whether `em` works on an embedded database (PGlite: one session, no pool). */
export function isEmbedded(em: Em): boolean {
  return embeddedDrivers.has(em.getDriver());
}

/**
 * Opens the database with the driver the configuration asks for. Both drivers speak PostgreSQL, so one set of
 * entities and one set of committed migrations serves both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Orm> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
  const log: DatabaseLog = { write: () => {} };
  const common = commonOptions(options, timeoutMs, log);
  if (options.url) return openPostgres(options.url, common, timeoutMs, log);
  const { LIMITS_OPTION } = await import('./pglite-driver.ts');
  const limits = { [LIMITS_OPTION]: { timeoutMs, report: (message: string) => log.write(message) } };
  return openEmbedded(options, common, limits, log);
}

/** The template's bytes by tarball: kept out of the object, which MikroORM deep-copies (element by element) with its options. */
const templateBytes = new Map<number, Uint8Array>();
let templateCount = 0;

/**
 * The template as PGlite's `loadDataDir` reads it (`type` and `arrayBuffer()`, as a Blob offers), for a new embedded
 * database. Not a Blob itself: MikroORM copies its driver options, and a copied Blob loses the internals its methods
 * need. The copy keeps the prototype and own fields only, so the bytes stay in a map, found by the own field `key`,
 * read once.
 */
class TemplateTarball {
  readonly type = 'application/x-tar';
  readonly key: number;

  constructor(bytes: Uint8Array) {
    this.key = ++templateCount;
    templateBytes.set(this.key, bytes);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = templateBytes.get(this.key);
    if (!bytes) throw new Error('The database template was already loaded');
    templateBytes.delete(this.key);
    // A copy: the caller keeps its bytes (a test file's database reads the run's one template).
    return new Uint8Array(bytes).buffer;
  }
}

/**
 * The names of the migrations this database has run, read in one query; null when they cannot be read that way: no
 * migrations table yet (a database nothing has migrated), or no database at all (MikroORM's migrator creates a
 * missing PostgreSQL database): the migrator's own path then decides, and reports what is wrong.
 */
export async function executedMigrations(orm: Orm): Promise<Set<string> | null> {
  const table = orm.config.get('migrations').tableName ?? 'mikro_orm_migrations';
  try {
    const rows = await orm.em
      .fork()
      .getKysely<Record<string, { name: string }>>()
      .selectFrom(table)
      .select('name')
      .execute();
    return new Set(rows.map((row) => row.name));
  } catch {
    return null;
  }
}

/**
 * Runs every pending committed migration; the schema is never synced from the entities at run time. Returns the
 * names applied. A database that has run every listed migration (every start after the first, every test database
 * made from the migrated template) learns it from one query (`executed`, when the caller has read it already): the
 * migrator would first ask whether the database and its table exist, then read the executed list twice, once
 * outside its transaction and once inside (about 30 ms of a start on the embedded database; bench/NOTES.md
 * "Cold start: every entry of a package in one bundle, the migrations check in one query, …").
 */
export async function migrate(orm: Orm, executed?: Set<string> | null): Promise<string[]> {
  const done = executed === undefined ? await executedMigrations(orm) : executed;
  const listed = orm.config.get('migrations').migrationsList ?? [];
  if (done && listed.every((migration) => done.has(migration.name))) return [];
  const applied = await upWithoutLimits(orm);
  return applied.map((m) => m.name);
}

/**
 * A migration may run longer than a request may (an index built on a large table): on PostgreSQL the migrations'
 * transaction lifts the session's limits for itself. The embedded database's limits never stop a running statement.
 */
async function upWithoutLimits(orm: Orm) {
  if (!poolOf(orm)) return orm.migrator.up();
  return orm.em.fork().transactional(async (em) => {
    await em.execute('set local statement_timeout = 0');
    await em.execute('set local idle_in_transaction_session_timeout = 0');
    return orm.migrator.up({ transaction: em.getTransactionContext() });
  });
}

/** The advisory lock key migrations hold on PostgreSQL (any constant no other code takes). */
const MIGRATION_LOCK = 7_246_143_001;

/**
 * Runs `work` (reading what has been migrated, migrating) while holding a session-level advisory lock on a connection
 * of its own, so that processes starting together on one PostgreSQL database migrate one after another rather than
 * all creating the same tables. The embedded database belongs to one process: nothing to lock.
 */
export async function withMigrationLock<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  // `pg` only here and with DATABASE_URL: the embedded database never loads it.
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: url, application_name: 'virtual-diner-migrations' });
  // A connection lost meanwhile fails the query in flight; the event itself must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock, whatever happened.
    await client.end().catch(() => {});
  }
}

/** One round trip to the database, for /api/health. */
export async function ping(orm: Orm): Promise<boolean> {
  try {
    await orm.em.fork().execute('select 1');
    return true;
  } catch {
    return false;
  }
}
