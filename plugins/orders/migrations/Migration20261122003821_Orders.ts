import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003821_Orders extends Migration {
  override name = 'Migration20261122003821_Orders';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "delivery_queue" ("user_id" varchar(255) not null, "joined_at" timestamptz not null, "last_assigned_at" timestamptz null, primary key ("user_id"));`,
    );

    this.addSql(
      `create table "food_lookup_items" ("id" varchar(255) not null, "name" varchar(100) not null, "keywords" text[] not null default '{}', "images" text[] not null default '{}', "created_by" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "food_lookup_queries" ("id" varchar(255) not null, "query" varchar(100) not null, "user" varchar(255) not null, "at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "food_lookup_queries_user_index" on "food_lookup_queries" ("user");`);

    this.addSql(
      `create table "orders" ("id" varchar(255) not null, "order_code" varchar(8) not null, "customer" varchar(255) not null, "guild_id" varchar(255) null, "channel_id" varchar(255) null, "item" text not null, "mentions" jsonb not null, "priority" int not null default 0, "status" text not null, "claimed_by" varchar(255) null, "claimed_at" timestamptz null, "claim_expires_at" timestamptz null, "prepared_by" varchar(255) null, "prepare_started_at" timestamptz null, "images" text[] not null default '{}', "chef_note" text null, "ready_at" timestamptz null, "assigned_driver" varchar(255) null, "assigned_at" timestamptz null, "assignment_expires_at" timestamptz null, "skipped_drivers" text[] not null default '{}', "delivered_by" varchar(255) null, "delivered_at" timestamptz null, "report" boolean not null default false, "report_reason" text null, "delivery_failed" boolean not null default false, "cancel_at" timestamptz null, "cancelled_at" timestamptz null, "cancel_reason" text null, "deleted_by" varchar(255) null, "deleted_at" timestamptz null, "delete_reason" text null, "ordered_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "orders" add constraint "orders_order_code_unique" unique ("order_code");`);
    this.addSql(`create index "orders_customer_index" on "orders" ("customer");`);
    this.addSql(`create index "orders_status_index" on "orders" ("status");`);
    this.addSql(`create index "orders_claimed_by_index" on "orders" ("claimed_by");`);
    this.addSql(`create index "orders_prepared_by_index" on "orders" ("prepared_by");`);
    this.addSql(`create index "orders_assigned_driver_index" on "orders" ("assigned_driver");`);
    this.addSql(`create index "orders_delivered_by_index" on "orders" ("delivered_by");`);
    this.addSql(`create index "orders_ordered_at_index" on "orders" ("ordered_at");`);

    this.addSql(
      `alter table "orders" add constraint "orders_status_check" check ("status" in ('ORDERED', 'CLAIMED', 'PREPARING', 'READY', 'DELIVERED', 'CANCELLED', 'DELETED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "delivery_queue" cascade;`);
    this.addSql(`drop table if exists "food_lookup_items" cascade;`);
    this.addSql(`drop table if exists "food_lookup_queries" cascade;`);
    this.addSql(`drop table if exists "orders" cascade;`);
  }
}
