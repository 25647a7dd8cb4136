import { lastBackupIn } from '../backup/runner.ts';
import type { Config } from '../config.ts';
import { type Orm, poolOf } from '../db/orm.ts';
import type { GatewayHub } from '../gateway/hub.ts';
import type { Metrics } from './metrics.ts';

/**
 * What the kernel itself exposes, read at scrape time: the live gateway's sockets and, on PostgreSQL, the
 * connection pool. PGlite has no pool (one connection, transactions one at a time) and keeps its queue of waiting
 * queries private, so the embedded database has no pool metrics.
 */
export function registerKernelMetrics(metrics: Metrics, { orm, gateway }: { orm: Orm; gateway: GatewayHub }): void {
  metrics.gauge({
    name: 'vd_gateway_sockets',
    help: 'Open live gateway WebSockets on this process, identified or not yet.',
    collect() {
      this.set(gateway.stats.open);
    },
  });
  metrics.gauge({
    name: 'vd_gateway_identified_sockets',
    help: 'Live gateway WebSockets on this process that identified with a valid session.',
    collect() {
      this.set(gateway.stats.sockets);
    },
  });
  metrics.gauge({
    name: 'vd_gateway_users',
    help: 'Distinct users with at least one identified socket on this process.',
    collect() {
      this.set(gateway.stats.users);
    },
  });
  const holder = poolOf(orm);
  if (!holder) return;
  metrics.gauge({
    name: 'vd_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: used (checked out by a query or transaction) or idle.',
    labelNames: ['state'],
    collect() {
      const { pool } = holder;
      if (!pool) return;
      this.set({ state: 'used' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  metrics.gauge({
    name: 'vd_db_pool_waiting',
    help: 'Queries and transactions waiting for a free PostgreSQL pool connection.',
    collect() {
      if (holder.pool) this.set(holder.pool.waitingCount);
    },
  });
  metrics.gauge({
    name: 'vd_db_pool_max',
    help: 'The PostgreSQL pool size limit of this process.',
    collect() {
      if (holder.pool) this.set(holder.pool.options.max ?? 10);
    },
  });
}

/**
 * The age of the newest backup in BACKUP_DIR (taken by the web process or by `npm run backup`), read from the folder
 * at scrape time: +Inf while there is none, so an alert on its age fires for a diner never backed up too. Not on an
 * in-memory database.
 */
export function registerBackupMetrics(metrics: Metrics, config: Config): void {
  if (!config.databaseUrl && config.embeddedDbPath === 'memory://') return;
  metrics.gauge({
    name: 'vd_backup_age_seconds',
    help: 'Seconds since the newest backup in the backups folder was written; +Inf when there is none.',
    async collect() {
      const last = await lastBackupIn(config.backups.dir);
      this.set(last ? (Date.now() - last.at.getTime()) / 1000 : Number.POSITIVE_INFINITY);
    },
  });
}
