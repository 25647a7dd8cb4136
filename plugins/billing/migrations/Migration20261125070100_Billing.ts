import { Migration } from '@mikro-orm/migrations';

export class Migration20261125070100_Billing extends Migration {
  override name = 'Migration20261125070100_Billing';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "stripe_customers" ("user_id" varchar(255) not null, "customer_id" varchar(255) not null, "synced_at" timestamptz null, "created_at" timestamptz not null, primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "stripe_customers" add constraint "stripe_customers_customer_id_unique" unique ("customer_id");`,
    );

    this.addSql(
      `create table "stripe_subscriptions" ("id" varchar(255) not null, "user_id" varchar(255) not null, "customer_id" varchar(255) not null, "plan_id" varchar(255) null, "price_id" varchar(255) not null, "status" text not null, "cancel_at_period_end" boolean not null default false, "current_period_end" timestamptz not null, "past_due_since" timestamptz null, "granting" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "stripe_subscriptions_user_id_index" on "stripe_subscriptions" ("user_id");`);

    this.addSql(
      `create table "stripe_checkout_sessions" ("id" varchar(255) not null, "user_id" varchar(255) not null, "plan_id" varchar(255) not null, "url" text not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "stripe_checkout_sessions_user_id_plan_id_index" on "stripe_checkout_sessions" ("user_id", "plan_id");`,
    );

    this.addSql(
      `create table "stripe_events" ("id" varchar(255) not null, "type" varchar(255) not null, "received_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `alter table "stripe_customers" add constraint "stripe_customers_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "stripe_subscriptions" add constraint "stripe_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "stripe_subscriptions" add constraint "stripe_subscriptions_status_check" check ("status" in ('active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'trialing', 'unpaid', 'paused'));`,
    );
    this.addSql(
      `alter table "stripe_checkout_sessions" add constraint "stripe_checkout_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stripe_customers" cascade;`);
    this.addSql(`drop table if exists "stripe_subscriptions" cascade;`);
    this.addSql(`drop table if exists "stripe_checkout_sessions" cascade;`);
    this.addSql(`drop table if exists "stripe_events" cascade;`);
  }
}
