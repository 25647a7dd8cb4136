import { Migration } from '@mikro-orm/migrations';

export class Migration20261125070000_DeliveryMessages extends Migration {
  override name = 'Migration20261125070000_DeliveryMessages';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "delivery_messages" ("id" varchar(255) not null, "slug" varchar(64) not null, "title" varchar(80) not null, "message" text not null, "author_id" varchar(255) null, "uses" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "delivery_messages" add constraint "delivery_messages_slug_unique" unique ("slug");`);
    this.addSql(`create index "delivery_messages_author_id_index" on "delivery_messages" ("author_id");`);

    this.addSql(
      `alter table "delivery_messages" add constraint "delivery_messages_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`alter table "delivery_messages" add constraint "delivery_messages_uses_check" check ("uses" >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "delivery_messages" cascade;`);
  }
}
