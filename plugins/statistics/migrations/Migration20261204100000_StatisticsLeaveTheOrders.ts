import { Migration } from '@mikro-orm/migrations';

/**
 * The statistics plugin no longer watches the orders plugin's tables: its triggers on `orders` and `claim_expiries`
 * and their functions go. The orders plugin now keeps the daily rollups and marks a changed day itself, in
 * TypeScript (its migration OrdersKeepTheirDays takes the tables over; plugins/orders/README.md). After this, the
 * schema holds no user-defined function and no trigger.
 *
 * `down` puts back what the migrations DailyRollups, TodayWithoutLocks and TodaySkipsTheTrigger had left.
 */
export class Migration20261204100000_StatisticsLeaveTheOrders extends Migration {
  override name = 'Migration20261204100000_StatisticsLeaveTheOrders';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists "orders_statistics_days_insert_delete" on "orders";`);
    this.addSql(`drop trigger if exists "orders_statistics_days_update" on "orders";`);
    this.addSql(`drop trigger if exists "claim_expiries_statistics_days" on "claim_expiries";`);
    this.addSql(`drop function if exists "statistics_orders_changed"();`);
    this.addSql(`drop function if exists "statistics_claim_expiries_changed"();`);
    this.addSql(`drop function if exists "statistics_order_parts"("orders");`);
    this.addSql(`drop function if exists "statistics_lock_days"(text[]);`);
    this.addSql(`drop function if exists "statistics_utc_day"(timestamptz);`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create function "statistics_utc_day"(at timestamptz) returns text language sql immutable as $$ select to_char(at at time zone 'UTC', 'YYYY-MM-DD') $$;`,
    );
    this.addSql(`create function "statistics_lock_days"(days text[]) returns boolean language plpgsql as $$
      declare d text;
      begin
        foreach d in array days loop
          if d is not null then
            perform pg_advisory_xact_lock_shared(1349082131, d::date - date '2000-01-01');
          end if;
        end loop;
        return exists (select 1 from "statistics_days" where "day" = any(days) and not "stale");
      end $$;`);
    this.addSql(`create function "statistics_order_parts"(o "orders") returns table ("day" text, "what" text) language sql stable as $$
      select p.day, p.what from (values
        (statistics_utc_day(o.ordered_at), concat_ws('|', 'ordered', o.id)),
        (case when o.claimed_by is not null then statistics_utc_day(o.claimed_at) end, concat_ws('|', 'claimed', o.id, o.claimed_by)),
        (case when o.prepared_by is not null then statistics_utc_day(o.prepare_started_at) end, concat_ws('|', 'prepared', o.id, o.prepared_by, o.prepare_started_at, o.claimed_at)),
        (case when o.status = 'DELIVERED' and o.delivered_by is not null then statistics_utc_day(o.delivered_at) end, concat_ws('|', 'delivered', o.id, o.delivered_by, o.delivered_at, o.ready_at, o.report))
      ) p ("day", "what") where p.day is not null $$;`);
    this.addSql(`create function "statistics_orders_changed"() returns trigger language plpgsql as $$
      begin
        if coalesce(least(OLD.ordered_at, OLD.claimed_at, OLD.prepare_started_at, OLD.delivered_at,
              NEW.ordered_at, NEW.claimed_at, NEW.prepare_started_at, NEW.delivered_at)
            >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', true) then
          return null;
        end if;
        if not statistics_lock_days(array[
          statistics_utc_day(OLD.ordered_at), statistics_utc_day(OLD.claimed_at), statistics_utc_day(OLD.prepare_started_at), statistics_utc_day(OLD.delivered_at),
          statistics_utc_day(NEW.ordered_at), statistics_utc_day(NEW.claimed_at), statistics_utc_day(NEW.prepare_started_at), statistics_utc_day(NEW.delivered_at)
        ]) then
          return null;
        end if;
        update "statistics_days" set "stale" = true where not "stale" and "day" in (select c.day from (
          (select * from statistics_order_parts(OLD) except select * from statistics_order_parts(NEW))
          union (select * from statistics_order_parts(NEW) except select * from statistics_order_parts(OLD))
        ) c);
        return null;
      end $$;`);
    this.addSql(`create function "statistics_claim_expiries_changed"() returns trigger language plpgsql as $$
      declare
        days text[];
      begin
        if coalesce(least(OLD.claimed_at, OLD.expired_at, NEW.claimed_at, NEW.expired_at)
            >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', true) then
          return null;
        end if;
        days := array[statistics_utc_day(OLD.claimed_at), statistics_utc_day(OLD.expired_at), statistics_utc_day(NEW.claimed_at), statistics_utc_day(NEW.expired_at)];
        if statistics_lock_days(days) then
          update "statistics_days" set "stale" = true where not "stale" and "day" = any(days);
        end if;
        return null;
      end $$;`);
    this.addSql(
      `create trigger "orders_statistics_days_insert_delete" after insert or delete on "orders" for each row execute function statistics_orders_changed();`,
    );
    this.addSql(`create trigger "orders_statistics_days_update" after update on "orders" for each row
      when (least(OLD.ordered_at, OLD.claimed_at, OLD.prepare_started_at, OLD.delivered_at,
        NEW.ordered_at, NEW.claimed_at, NEW.prepare_started_at, NEW.delivered_at) < date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')
      execute function statistics_orders_changed();`);
    this.addSql(
      `create trigger "claim_expiries_statistics_days" after insert or update or delete on "claim_expiries" for each row execute function statistics_claim_expiries_changed();`,
    );
  }
}
