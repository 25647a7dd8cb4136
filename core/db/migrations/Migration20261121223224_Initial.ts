import { Migration } from '@mikro-orm/migrations';

/**
 * The identity kernel's tables. Until plugins owned their migrations it also created `settings`; that table is now
 * the settings plugin's (plugins/settings/migrations), created there only where this migration did not make it.
 */
export class Migration20261121223224_Initial extends Migration {
  override name = 'Migration20261121223224_Initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ranks" ("id" varchar(255) not null, "name" varchar(64) not null, "position" int not null, "colour" varchar(7) not null default '#2888f5', "permissions" int not null default 0, "perks" text[] not null default '{}', "can_resign" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "ranks" add constraint "ranks_position_unique" unique ("position");`);

    this.addSql(
      `create table "users" ("id" varchar(255) not null, "username" varchar(64) not null, "display_name" varchar(64) null, "discriminator" varchar(4) not null default '0', "avatar" varchar(255) null, "permissions" int not null default 0, "perks" text[] not null default '{}', "flags" int not null default 0, "ban_active" boolean not null default false, "ban_reason" text null, "ban_expires" timestamptz null, "ban_created_at" timestamptz null, "ban_created_by" varchar(255) null, "settings" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "sessions" ("id" varchar(64) not null, "user_id" varchar(255) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(
      `create table "user_ranks" ("user_id" varchar(255) not null, "rank_id" varchar(255) not null, primary key ("user_id", "rank_id"));`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "user_ranks" add constraint "user_ranks_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_ranks" add constraint "user_ranks_rank_id_foreign" foreign key ("rank_id") references "ranks" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "user_ranks" drop constraint "user_ranks_rank_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "user_ranks" drop constraint "user_ranks_user_id_foreign";`);

    this.addSql(`drop table if exists "ranks" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "user_ranks" cascade;`);
  }
}
