import { Migration } from '@mikro-orm/migrations';

export class Migration20261122012917_OrderFeedback extends Migration {
  override name = 'Migration20261122012917_OrderFeedback';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "order_feedback" ("id" varchar(255) not null, "order_id" varchar(255) not null, "user" varchar(255) not null, "stars" smallint not null, "comment" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "order_feedback" add constraint "order_feedback_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "order_feedback_user_index" on "order_feedback" ("user");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "order_feedback" cascade;`);
  }
}
