import { Migration } from '@mikro-orm/migrations';

/**
 * The rollup triggers' fast path (docs/statistics.md, "Daily rollups"): a change whose every moment (old and new) is
 * on or after the day its transaction began (UTC) cannot touch a rolled-up day, so it returns before taking any
 * advisory lock or reading `statistics_days`. That is nearly every write (claims, cooking, deliveries of today's
 * orders): under 20 concurrent chefs the shared advisory lock on today, taken by every write, cost about 280 µs of
 * PostgreSQL's CPU per write in lock-manager contention, half of what the claim itself cost.
 *
 * What the lock guaranteed for today's writes, the day closer now guarantees by waiting: it closes a day only once
 * the database's clock has passed its end and no transaction that began before that end is still running
 * (DayCloser.close), so every fast-path write of the day has committed before the day is counted. A change that
 * reaches back to an earlier day takes the slow path as before: the shared lock, then the stale mark.
 */

/** The slow path, as the previous migration wrote it: lock the days a changed order touches, mark those it changed. */
const ORDERS_MARK = `        if not statistics_lock_days(array[
          statistics_utc_day(OLD.ordered_at), statistics_utc_day(OLD.claimed_at), statistics_utc_day(OLD.prepare_started_at), statistics_utc_day(OLD.delivered_at),
          statistics_utc_day(NEW.ordered_at), statistics_utc_day(NEW.claimed_at), statistics_utc_day(NEW.prepare_started_at), statistics_utc_day(NEW.delivered_at)
        ]) then
          return null;
        end if;
        update "statistics_days" set "stale" = true where not "stale" and "day" in (select c.day from (
          (select * from statistics_order_parts(OLD) except select * from statistics_order_parts(NEW))
          union (select * from statistics_order_parts(NEW) except select * from statistics_order_parts(OLD))
        ) c);
        return null;`;
/** The same for an expired claim (its `days` declared by the function). */
const EXPIRIES_MARK = `        if statistics_lock_days(days) then
          update "statistics_days" set "stale" = true where not "stale" and "day" = any(days);
        end if;
        return null;`;

export class Migration20261127170000_TodayWithoutLocks extends Migration {
  override name = 'Migration20261127170000_TodayWithoutLocks';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "statistics_orders_changed"() returns trigger language plpgsql as $$
      begin
        -- least() skips nulls; null when the row has no moment at all. now() is when this transaction began.
        if coalesce(least(OLD.ordered_at, OLD.claimed_at, OLD.prepare_started_at, OLD.delivered_at,
              NEW.ordered_at, NEW.claimed_at, NEW.prepare_started_at, NEW.delivered_at)
            >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', true) then
          return null;
        end if;
${ORDERS_MARK}
      end $$;`);
    this.addSql(`create or replace function "statistics_claim_expiries_changed"() returns trigger language plpgsql as $$
      declare
        days text[];
      begin
        if coalesce(least(OLD.claimed_at, OLD.expired_at, NEW.claimed_at, NEW.expired_at)
            >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', true) then
          return null;
        end if;
        days := array[statistics_utc_day(OLD.claimed_at), statistics_utc_day(OLD.expired_at), statistics_utc_day(NEW.claimed_at), statistics_utc_day(NEW.expired_at)];
${EXPIRIES_MARK}
      end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function "statistics_orders_changed"() returns trigger language plpgsql as $$
      begin
${ORDERS_MARK}
      end $$;`);
    this.addSql(`create or replace function "statistics_claim_expiries_changed"() returns trigger language plpgsql as $$
      declare
        days text[] := array[statistics_utc_day(OLD.claimed_at), statistics_utc_day(OLD.expired_at), statistics_utc_day(NEW.claimed_at), statistics_utc_day(NEW.expired_at)];
      begin
${EXPIRIES_MARK}
      end $$;`);
  }
}
