import { Migration } from '@mikro-orm/migrations';

export class Migration20261121233502_RankHistory extends Migration {
  override name = 'Migration20261121233502_RankHistory';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "rank_history" ("id" varchar(255) not null, "user_id" varchar(255) not null, "action" text not null, "ranks_before" text[] not null, "ranks_after" text[] not null, "reason" text null, "by" varchar(255) null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "rank_history_user_id_index" on "rank_history" ("user_id");`);

    this.addSql(
      `alter table "rank_history" add constraint "rank_history_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "rank_history" add constraint "rank_history_action_check" check ("action" in ('rank_update', 'remove_staff', 'resign'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rank_history" cascade;`);
  }
}
