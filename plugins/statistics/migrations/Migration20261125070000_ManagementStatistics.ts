import { Migration } from '@mikro-orm/migrations';

export class Migration20261125070000_ManagementStatistics extends Migration {
  override name = 'Migration20261125070000_ManagementStatistics';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "management_statistics" ("id" varchar(64) not null, "user_id" varchar(255) not null, "period" text not null, "starts_on" varchar(10) not null, "ends_on" varchar(10) not null, "claimed" int not null, "prepared" int not null, "delivered" int not null, "reported" int not null, "claims_expired" int not null, "avg_claim_to_prepared_s" double precision null, "avg_ready_to_delivered_s" double precision null, "leave_days" int not null, "applications_reviewed" int not null, "appeal_votes" int not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "management_statistics" add constraint "management_statistics_user_id_period_starts_on_unique" unique ("user_id", "period", "starts_on");`,
    );
    this.addSql(
      `alter table "management_statistics" add constraint "management_statistics_period_check" check ("period" in ('day', 'week', 'month'));`,
    );
    this.addSql(
      `alter table "management_statistics" add constraint "management_statistics_days_check" check ("ends_on" >= "starts_on");`,
    );

    this.addSql(
      `create table "statistics_closed_weeks" ("week_start" varchar(10) not null, "closed_at" timestamptz not null, "members" int not null, primary key ("week_start"));`,
    );

    this.addSql(
      `create table "claim_expiries" ("id" varchar(255) not null, "order_id" varchar(255) not null, "chef" varchar(255) not null, "claimed_at" timestamptz not null, "expired_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "claim_expiries_expired_at_index" on "claim_expiries" ("expired_at");`);
    this.addSql(
      `alter table "claim_expiries" add constraint "claim_expiries_order_id_claimed_at_unique" unique ("order_id", "claimed_at");`,
    );

    // The statistics read orders by when they were claimed, prepared and delivered (a window of days): without
    // these, every figure scans the whole orders table. Declared on the orders entity too, so a diff keeps them.
    this.addSql(`create index "orders_claimed_at_index" on "orders" ("claimed_at");`);
    this.addSql(`create index "orders_prepare_started_at_index" on "orders" ("prepare_started_at");`);
    this.addSql(`create index "orders_delivered_at_index" on "orders" ("delivered_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "orders_claimed_at_index";`);
    this.addSql(`drop index if exists "orders_prepare_started_at_index";`);
    this.addSql(`drop index if exists "orders_delivered_at_index";`);
    this.addSql(`drop table if exists "management_statistics" cascade;`);
    this.addSql(`drop table if exists "statistics_closed_weeks" cascade;`);
    this.addSql(`drop table if exists "claim_expiries" cascade;`);
  }
}
