import { Migration } from '@mikro-orm/migrations';

export class Migration20261125062000_Coins extends Migration {
  override name = 'Migration20261125062000_Coins';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "wallets" ("user_id" varchar(255) not null, "balance" int not null default 0, "last_hourly_at" timestamptz null, primary key ("user_id"));`,
    );
    // The balance never goes below 0: debits are conditional updates, and this is the floor under them.
    this.addSql(`alter table "wallets" add constraint "wallets_balance_check" check ("balance" >= 0);`);
    this.addSql(
      `alter table "wallets" add constraint "wallets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "coin_transactions" ("id" varchar(255) not null, "user_id" varchar(255) not null, "amount" int not null, "kind" text not null, "reference" varchar(128) not null, "reason" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "coin_transactions_user_id_created_at_index" on "coin_transactions" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "coin_transactions" add constraint "coin_transactions_user_id_reference_unique" unique ("user_id", "reference");`,
    );
    this.addSql(
      `alter table "coin_transactions" add constraint "coin_transactions_amount_check" check ("amount" <> 0);`,
    );
    this.addSql(
      `alter table "coin_transactions" add constraint "coin_transactions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "coin_transactions" add constraint "coin_transactions_kind_check" check ("kind" in ('HOURLY', 'PURCHASE', 'GIFT_SENT', 'GIFT_RECEIVED', 'REWARD', 'ADMIN', 'REFUND'));`,
    );

    this.addSql(
      `create table "grants" ("id" varchar(255) not null, "user_id" varchar(255) not null, "kind" text not null, "value" varchar(64) not null, "source" text not null, "source_ref" varchar(128) not null, "added" boolean not null, "started_at" timestamptz not null, "ends_at" timestamptz null, "ended_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "grants_user_id_kind_value_index" on "grants" ("user_id", "kind", "value");`);
    this.addSql(`create index "grants_ends_at_index" on "grants" ("ends_at");`);
    // One active grant per user, source, reference and perk or rank: granting again while it lasts changes its end.
    this.addSql(
      `create unique index "grants_active_unique" on "grants" ("user_id", "source", "source_ref", "kind", "value") where "ended_at" is null;`,
    );
    this.addSql(
      `alter table "grants" add constraint "grants_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "grants" add constraint "grants_kind_check" check ("kind" in ('perk', 'rank'));`);
    this.addSql(
      `alter table "grants" add constraint "grants_source_check" check ("source" in ('purchase', 'subscription', 'objective', 'sponsor'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "grants" cascade;`);
    this.addSql(`drop table if exists "coin_transactions" cascade;`);
    this.addSql(`drop table if exists "wallets" cascade;`);
  }
}
