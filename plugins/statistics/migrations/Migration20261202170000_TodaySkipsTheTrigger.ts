import { Migration } from '@mikro-orm/migrations';

/** The moments of an order the figures count by, old and new row (`least` skips nulls; null when there are none). */
const LEAST_MOMENT = `least(OLD.ordered_at, OLD.claimed_at, OLD.prepare_started_at, OLD.delivered_at,
        NEW.ordered_at, NEW.claimed_at, NEW.prepare_started_at, NEW.delivered_at)`;

/**
 * The update trigger's condition is now the fast path itself (TodayWithoutLocks): an update calls the function only
 * when one of the order's moments, old or new, is before the UTC day its transaction began. A write of today's
 * orders (nearly every write: claims, cooking, deliveries) no longer calls PL/pgSQL at all.
 *
 * Why: PostgreSQL reads a trigger's WHEN expression from its stored text and compiles it again for every statement
 * that updates the table, so its size is paid on every claim. The old condition compared ten columns before and
 * after; with the call of the function that followed, the trigger was about a tenth of PostgreSQL's CPU per claim
 * (perf, bench/NOTES.md, "Writes"). An update of an older order now calls the function even when it changes no column the
 * figures read: the function marks only the days whose part changed, so it marks none, after its shared locks.
 */
export class Migration20261202170000_TodaySkipsTheTrigger extends Migration {
  override name = 'Migration20261202170000_TodaySkipsTheTrigger';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists "orders_statistics_days_update" on "orders";`);
    this.addSql(`create trigger "orders_statistics_days_update" after update on "orders" for each row
      when (${LEAST_MOMENT} < date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
      execute function statistics_orders_changed();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "orders_statistics_days_update" on "orders";`);
    this.addSql(`create trigger "orders_statistics_days_update" after update on "orders" for each row
      when ((OLD.ordered_at, OLD.status, OLD.claimed_by, OLD.claimed_at, OLD.prepared_by, OLD.prepare_started_at, OLD.ready_at, OLD.delivered_by, OLD.delivered_at, OLD.report)
        is distinct from (NEW.ordered_at, NEW.status, NEW.claimed_by, NEW.claimed_at, NEW.prepared_by, NEW.prepare_started_at, NEW.ready_at, NEW.delivered_by, NEW.delivered_at, NEW.report))
      execute function statistics_orders_changed();`);
  }
}
