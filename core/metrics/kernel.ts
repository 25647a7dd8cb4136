import pg from 'pg';
import type { Orm } from '../db/orm.ts';
import type { GatewayHub } from '../gateway/hub.ts';
import type { Metrics } from './metrics.ts';

/**
 * What the kernel itself exposes, read at scrape time: the live gateway's sockets and, on PostgreSQL, the
 * connection pool. PGlite has no pool (one connection, transactions one at a time) and keeps its queue of waiting
 * queries private, so the embedded database has no pool metrics.
 */
export async function registerKernelMetrics(metrics: Metrics, { orm, gateway }: { orm: Orm; gateway: GatewayHub }): Promise<void> {
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
  // The embedded database's driver is PGlite's: no pool.
  if (orm.driver.constructor.name === 'PgliteDriver') return;
  // MikroORM's PostgreSQL connection hands out its `pg` pool; asked for at scrape time, not at start, so that a
  // server starting while the database is down still starts (and its health check says so).
  // Asking checks the connection with a query of its own: once found, the pool is kept.
  let found: pg.Pool | null = null;
  const pool = async (): Promise<pg.Pool | null> => {
    if (found) return found;
    const native = await (orm.driver.getConnection() as unknown as { getNativeClient(): Promise<unknown> }).getNativeClient().catch(() => null);
    if (native instanceof pg.Pool) found = native;
    return found;
  };
  metrics.gauge({
    name: 'vd_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: used (checked out by a query or transaction) or idle.',
    labelNames: ['state'],
    async collect() {
      const p = await pool();
      if (!p) return;
      this.set({ state: 'used' }, p.totalCount - p.idleCount);
      this.set({ state: 'idle' }, p.idleCount);
    },
  });
  metrics.gauge({
    name: 'vd_db_pool_waiting',
    help: 'Queries and transactions waiting for a free PostgreSQL pool connection.',
    async collect() {
      const p = await pool();
      if (p) this.set(p.waitingCount);
    },
  });
  metrics.gauge({
    name: 'vd_db_pool_max',
    help: 'The PostgreSQL pool size limit of this process.',
    async collect() {
      const p = await pool();
      if (p) this.set(p.options.max ?? 10);
    },
  });
}
