import { Migration } from '@mikro-orm/migrations';

export class Migration20261125123000_DailyRollups extends Migration {
  override name = 'Migration20261125123000_DailyRollups';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "statistics_days" ("day" varchar(10) not null, "ordered" int not null, "prepared" int not null, "delivered" int not null, "reported" int not null, "r2d_us" bigint not null, "r2d_n" int not null, "stale" boolean not null default false, "closed_at" timestamptz not null, primary key ("day"));`,
    );

    this.addSql(
      `create table "statistics_member_days" ("day" varchar(10) not null, "user_id" varchar(255) not null, "claimed" int not null, "claims_expired" int not null, "prepared" int not null, "c2p_us" bigint not null, "c2p_n" int not null, "delivered" int not null, "reported" int not null, "r2d_us" bigint not null, "r2d_n" int not null, primary key ("day", "user_id"));`,
    );

    // A rolled-up day whose orders or expired claims change afterwards is marked stale in the same transaction, so
    // it is counted live until the day closer writes it again (docs/statistics.md, "Daily rollups"). First the days
    // a written row counts on (old and new): a shared advisory lock on each, which pairs with the exclusive one the
    // closer holds while it counts a day (a change either commits before the closer counts, or waits for it and then
    // sees the row it wrote), and whether any of them is rolled up. Writes of today's orders stop there: no rollup.
    // Otherwise each row's part in the figures is a set of (day, what) pairs, and the days whose pairs differ
    // between the old and the new row are the ones marked.
    this.addSql(
      `create function "statistics_utc_day"(at timestamptz) returns text language sql immutable as $$ select to_char(at at time zone 'UTC', 'YYYY-MM-DD') $$;`,
    );
    this.addSql(`create function "statistics_lock_days"(days text[]) returns boolean language plpgsql as $$
      declare d text;
      begin
        -- No order needed: shared locks do not conflict with each other, and a closer holds one exclusive lock at a time.
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
        days text[] := array[statistics_utc_day(OLD.claimed_at), statistics_utc_day(OLD.expired_at), statistics_utc_day(NEW.claimed_at), statistics_utc_day(NEW.expired_at)];
      begin
        if statistics_lock_days(days) then
          update "statistics_days" set "stale" = true where not "stale" and "day" = any(days);
        end if;
        return null;
      end $$;`);
    // Updates that leave every column the figures read as it was (a deadline, a note, a picture) do not call it.
    this.addSql(
      `create trigger "orders_statistics_days_insert_delete" after insert or delete on "orders" for each row execute function statistics_orders_changed();`,
    );
    this.addSql(`create trigger "orders_statistics_days_update" after update on "orders" for each row
      when ((OLD.ordered_at, OLD.status, OLD.claimed_by, OLD.claimed_at, OLD.prepared_by, OLD.prepare_started_at, OLD.ready_at, OLD.delivered_by, OLD.delivered_at, OLD.report)
        is distinct from (NEW.ordered_at, NEW.status, NEW.claimed_by, NEW.claimed_at, NEW.prepared_by, NEW.prepare_started_at, NEW.ready_at, NEW.delivered_by, NEW.delivered_at, NEW.report))
      execute function statistics_orders_changed();`);
    this.addSql(
      `create trigger "claim_expiries_statistics_days" after insert or update or delete on "claim_expiries" for each row execute function statistics_claim_expiries_changed();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "orders_statistics_days_insert_delete" on "orders";`);
    this.addSql(`drop trigger if exists "orders_statistics_days_update" on "orders";`);
    this.addSql(`drop trigger if exists "claim_expiries_statistics_days" on "claim_expiries";`);
    this.addSql(`drop function if exists "statistics_orders_changed"();`);
    this.addSql(`drop function if exists "statistics_claim_expiries_changed"();`);
    this.addSql(`drop function if exists "statistics_order_parts"("orders");`);
    this.addSql(`drop function if exists "statistics_lock_days"(text[]);`);
    this.addSql(`drop function if exists "statistics_utc_day"(timestamptz);`);
    this.addSql(`drop table if exists "statistics_member_days" cascade;`);
    this.addSql(`drop table if exists "statistics_days" cascade;`);
  }
}
