import type { EntitySchema } from '@mikro-orm/core';
import { auditEntities } from './audit/entities.ts';
import { authEntities } from './auth/entities.ts';
import { BACKUP_SIGNAL } from './backup/runner.ts';
import type { Config } from './config.ts';
import { claimEmbedded, DIST_DIR, finishNewEmbedded, isNewEmbedded, templatePathOf } from './db/embedded.ts';
import type { EventBridge } from './db/event-bridge.ts';
import { migrations as coreMigrations } from './db/migrations/index.ts';
import { collectMigrations, type MigrationClass } from './db/migrations.ts';
import { executedMigrations, migrate, type Orm, openDatabase, withMigrationLock } from './db/orm.ts';
import { seedDemoData } from './demo-data.ts';
import { buildServer, type Server } from './http/server.ts';
import { loadBuiltSite } from './http/site.ts';
import { type MetricsServer, serveMetrics } from './metrics/http.ts';
import type { AnyPlugin } from './plugin.ts';

export function entitiesOf(plugins: readonly AnyPlugin[]): EntitySchema[] {
  return [...authEntities, ...auditEntities, ...plugins.flatMap((p) => p.entities ?? [])] as EntitySchema[];
}

/** The kernel's migrations and every plugin's, in the order they run. */
export function migrationsOf(plugins: readonly AnyPlugin[]): MigrationClass[] {
  return collectMigrations([
    { owner: 'core', migrations: coreMigrations },
    ...plugins.map((p) => ({ owner: p.name, migrations: p.migrations ?? [] })),
  ]);
}

/** What openDatabase needs to know of the plugins: their tables and the migrations that build them. */
export function schemaOf(plugins: readonly AnyPlugin[]): { entities: EntitySchema[]; migrations: MigrationClass[] } {
  return { entities: entitiesOf(plugins), migrations: migrationsOf(plugins) };
}

export interface OpenedDatabase {
  orm: Orm;
  /** True when this start created the schema from nothing: the moment demo data goes in. */
  isNew: boolean;
  /**
   * Says the new database is whole once its demo data is in (nothing when it was not new): until then a start cut off
   * part way leaves an embedded database that the next start makes again (core/db/embedded.ts `UNFINISHED_MARK`).
   */
  finish(): Promise<void>;
}

/** Opens the database and applies the committed migrations. */
export async function openAndMigrate(
  config: Config,
  plugins: readonly AnyPlugin[],
  distDir = DIST_DIR,
): Promise<OpenedDatabase> {
  // An embedded cluster this start creates is new even though the template it starts from is already migrated.
  const embeddedIsNew = !config.databaseUrl && isNewEmbedded(config.embeddedDbPath);
  const orm = await openDatabase({
    url: config.databaseUrl,
    embeddedPath: config.embeddedDbPath,
    timeoutMs: config.databaseTimeoutMs,
    ...schemaOf(plugins),
    template: templatePathOf(distDir),
  });
  try {
    // Several processes starting at once on one PostgreSQL database (replicas, bot shards) migrate one at a time:
    // the first finds the database new and migrates it, the others find it done.
    return await withMigrationLock(config.databaseUrl, async () => {
      const executed = await executedMigrations(orm);
      const isNew = embeddedIsNew || !executed || executed.size === 0;
      await migrate(orm, executed);
      const finish = () => (embeddedIsNew ? finishNewEmbedded(config.embeddedDbPath) : Promise.resolve());
      return { orm, isNew, finish };
    });
  } catch (error) {
    await orm.close(true);
    throw error;
  }
}

export interface StartedApp {
  server: Server;
  url: string;
  /** METRICS_PORT's server, when set. */
  metrics: MetricsServer | null;
  /**
   * The drain: stops accepting connections (a request arriving on an open connection meanwhile gets 503), closes the
   * gateway's sockets with 1001, answers the requests in flight, finishes a sweep in progress, then stops the event
   * bridge, the metrics port and the database. server.ts bounds it with SHUTDOWN_TIMEOUT_S.
   */
  stop(): Promise<void>;
}

/**
 * PostgreSQL may have several processes (web, bot): their events meet through LISTEN/NOTIFY. The embedded database
 * has one process, and nothing to bridge (null).
 */
async function startBridge(config: Config, server: Server): Promise<EventBridge | null> {
  if (!config.databaseUrl) return null;
  // Loaded here only: the embedded database has nothing to bridge and never reads `pg`.
  const { EventBridge } = await import('./db/event-bridge.ts');
  const bridge = new EventBridge({
    url: config.databaseUrl,
    events: server.ctx.events,
    log: server.app.log,
    metrics: server.metrics,
  });
  await bridge.start();
  return bridge;
}

/** The metrics on a port of their own when METRICS_PORT is set (null otherwise). */
async function serveMetricsPort(config: Config, server: Server): Promise<MetricsServer | null> {
  if (config.metrics.port === null) return null;
  const metrics = await serveMetrics(server.metrics, {
    host: config.host,
    port: config.metrics.port,
    token: config.metrics.token,
    log: server.app.log,
  });
  server.app.log.info({ url: metrics.url }, 'metrics served on their own port');
  return metrics;
}

/**
 * The web process: database, migrations, demo data on a new database, the server with the built site, the event
 * bridge to other processes on PostgreSQL, listen, and the metrics port when METRICS_PORT is set.
 */
export async function startApp(config: Config, plugins: readonly AnyPlugin[], distDir = DIST_DIR): Promise<StartedApp> {
  // How long each step of the start took (ms since the process began), logged once listening: where a slow start goes.
  const steps: Record<string, number> = {};
  const step = (name: string): void => {
    steps[name] = Math.round(performance.now());
  };
  step('loaded');
  // Astro's server bundle loads while the database opens: PGlite's open waits on its files now and then, and the
  // bundle's modules fill those waits. Its failure is the site step's, reported after the database's (awaited below;
  // marked handled meanwhile, so a database that fails first is the error a start reports).
  const loadingSite = loadBuiltSite(distDir);
  loadingSite.catch(() => {});
  // The embedded database's folder is this process's while it runs: `npm run backup` and `npm run restore` see it,
  // and `npm run backup` asks this process for a backup (claimTheEmbeddedFolder).
  let server: Server | undefined;
  let closing = false;
  const release = await claimTheEmbeddedFolder(config, () => {
    if (!closing) server?.backups?.run('npm run backup').catch(() => {});
  });
  let opened: OpenedDatabase;
  try {
    opened = await openAndMigrate(config, plugins, distDir);
  } catch (error) {
    await release();
    throw error;
  }
  const { orm, isNew, finish } = opened;
  step('database');
  let bridge: EventBridge | null = null;
  let metrics: MetricsServer | null = null;
  try {
    const site = await loadingSite;
    step('site');
    server = await buildServer({ config, orm, plugins, site });
    step('server');
    bridge = await startBridge(config, server);
    if (!site) server.app.log.warn('The site is not built (run `npm run build`): serving the API only');
    if (isNew && config.demoData) {
      await seedDemoData(server, plugins);
      server.app.log.info('New database: demo data added');
      step('demoData');
    }
    await finish();
    await server.app.listen({ host: config.host, port: config.port });
    step('listening');
    server.app.log.info({ startMs: steps }, 'started');
    metrics = await serveMetricsPort(config, server);
  } catch (error) {
    await metrics?.close().catch(() => {});
    await bridge?.stop().catch(() => {});
    await server?.close().catch(() => {});
    await orm.close(true);
    await release();
    throw error;
  }
  const started = server;
  const address = started.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost =
    config.host === '0.0.0.0' || config.host === '::' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  let stopping: Promise<void> | null = null;
  return {
    server: started,
    url: `http://${shownHost}:${port}`,
    metrics,
    stop() {
      closing = true;
      stopping ??= (async () => {
        await started.close();
        await bridge?.stop();
        await metrics?.close();
        // A backup `npm run backup` asked for reads the database: it ends before the database closes.
        await started.backups?.settle();
        await orm.close();
        await release();
      })();
      return stopping;
    },
  };
}

/**
 * On the embedded database, its folder claimed for this process, with `npm run backup`'s signal (BACKUP_SIGNAL)
 * handled from before the claim is written: the signal never finds the process without its handler, whose default
 * would end it. Returns what releases both (nothing to release on PostgreSQL).
 */
async function claimTheEmbeddedFolder(config: Config, askedForBackup: () => void): Promise<() => Promise<void>> {
  if (config.databaseUrl) return async () => {};
  process.on(BACKUP_SIGNAL, askedForBackup);
  try {
    const claimed = await claimEmbedded(config.embeddedDbPath, 'the web process');
    return async () => {
      await claimed();
      process.off(BACKUP_SIGNAL, askedForBackup);
    };
  } catch (error) {
    process.off(BACKUP_SIGNAL, askedForBackup);
    throw error;
  }
}
