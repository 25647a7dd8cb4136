import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Orm } from '../../core/db/orm.ts';
import type { Metrics } from '../../core/metrics/metrics.ts';
import type { OrderSchema } from './entities.ts';
import { ACTIVE_STATUSES } from './schemas.ts';

/**
 * Orders waiting in each active state, counted when scraped: one grouped query on the status index, which touches
 * the active orders only (a few hundred), never the history that grows without end. Every process answers the same
 * counts (they come from the database): aggregate with max, not sum. Finished orders are not counted here.
 */
export function registerOrderMetrics(metrics: Metrics, orm: Orm): void {
  metrics.gauge({
    name: 'vd_orders',
    help: 'Active orders by state (ORDERED, CLAIMED, PREPARING, READY), from the database; the same on every process.',
    labelNames: ['state'],
    async collect() {
      let rows: { status: string; count: number | string }[];
      try {
        rows = await orm.em
          .fork()
          .getKysely<InferKyselyDB<typeof OrderSchema>>()
          .selectFrom('orders')
          .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
          .where('status', 'in', [...ACTIVE_STATUSES])
          .groupBy('status')
          .execute();
      } catch {
        // The database is unreachable: the scrape still answers with everything else, and no stale counts.
        this.reset();
        return;
      }
      const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
      for (const state of ACTIVE_STATUSES) this.set({ state }, counts.get(state) ?? 0);
    },
  });
}
