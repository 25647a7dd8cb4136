import { Migration } from '@mikro-orm/migrations';

export class Migration20261125025256_Notifications extends Migration {
  override name = 'Migration20261125025256_Notifications';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "notification_preferences" ("user_id" varchar(255) not null, "dms" boolean not null default true, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(
      `create table "notifications" ("id" varchar(255) not null, "user_id" varchar(255) not null, "ref" varchar(255) not null, "kind" varchar(255) not null, "text" text not null, "link" text null, "created_at" timestamptz not null, "read_at" timestamptz null, "dm_claimed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_ref_unique" unique ("user_id", "ref");`,
    );

    this.addSql(
      `alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notification_preferences" cascade;`);
    this.addSql(`drop table if exists "notifications" cascade;`);
  }
}
