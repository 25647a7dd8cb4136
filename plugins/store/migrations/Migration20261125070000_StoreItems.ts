import { Migration } from '@mikro-orm/migrations';

export class Migration20261125070000_StoreItems extends Migration {
  override name = 'Migration20261125070000_StoreItems';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "store_items" ("id" varchar(255) not null, "name" varchar(100) not null, "description" text not null default '', "picture" text null, "price" int not null, "grant_kind" text not null, "grant_value" varchar(64) null, "grant_days" int null, "grant_coins" int null, "stock" int null, "per_user_limit" int null, "on_sale" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "store_items" add constraint "store_items_grant_kind_check" check ("grant_kind" in ('perk', 'rank', 'coins', 'custom'));`,
    );
    // A purchase decrements the stock with a conditional update (stock > 0); this is the floor under it.
    this.addSql(
      `alter table "store_items" add constraint "store_items_stock_check" check ("stock" is null or "stock" >= 0);`,
    );
    this.addSql(`alter table "store_items" add constraint "store_items_price_check" check ("price" > 0);`);

    this.addSql(
      `create table "store_purchases" ("id" varchar(255) not null, "item_id" varchar(255) not null, "buyer_id" varchar(255) not null, "recipient_id" varchar(255) not null, "item_name" varchar(100) not null, "price" int not null, "status" text not null, "ends_at" timestamptz null, "created_at" timestamptz not null, "fulfilled_at" timestamptz null, "fulfilled_by" varchar(255) null, primary key ("id"));`,
    );
    this.addSql(
      `create index "store_purchases_item_id_recipient_id_index" on "store_purchases" ("item_id", "recipient_id");`,
    );
    this.addSql(
      `create index "store_purchases_recipient_id_created_at_index" on "store_purchases" ("recipient_id", "created_at");`,
    );
    this.addSql(
      `create index "store_purchases_status_created_at_index" on "store_purchases" ("status", "created_at");`,
    );
    // restrict: an item anyone bought cannot be deleted, even by a delete racing the purchase.
    this.addSql(
      `alter table "store_purchases" add constraint "store_purchases_item_id_foreign" foreign key ("item_id") references "store_items" ("id") on update cascade on delete restrict;`,
    );
    this.addSql(
      `alter table "store_purchases" add constraint "store_purchases_buyer_id_foreign" foreign key ("buyer_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "store_purchases" add constraint "store_purchases_recipient_id_foreign" foreign key ("recipient_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "store_purchases" add constraint "store_purchases_status_check" check ("status" in ('granted', 'awaiting', 'fulfilled'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "store_purchases" cascade;`);
    this.addSql(`drop table if exists "store_items" cascade;`);
  }
}
