import { Migration } from '@mikro-orm/migrations';

export class Migration20261121234724_UsersProfile extends Migration {
  override name = 'Migration20261121234724_UsersProfile';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "resignations" ("user_id" varchar(255) not null, "resigned_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(
      `create table "blacklist" ("user_id" varchar(255) not null, "active" boolean not null default false, "reason" text null, "by" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(
      `create table "warnings" ("id" varchar(255) not null, "user_id" varchar(255) not null, "reason" text not null, "by" varchar(255) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "warnings_user_id_index" on "warnings" ("user_id");`);

    this.addSql(
      `alter table "resignations" add constraint "resignations_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "blacklist" add constraint "blacklist_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "warnings" add constraint "warnings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "resignations" cascade;`);
    this.addSql(`drop table if exists "blacklist" cascade;`);
    this.addSql(`drop table if exists "warnings" cascade;`);
  }
}
