import { Migration } from '@mikro-orm/migrations';

export class Migration20261125071400_Teams extends Migration {
  override name = 'Migration20261125071400_Teams';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "teams" ("id" varchar(255) not null, "name" varchar(32) not null, "colour" varchar(7) not null, "icon" varchar(16) not null, "description" text not null default '', "orders" int not null default 0, "orders_reset_at" timestamptz null, "created_by" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create unique index "teams_name_lower_unique" on "teams" (lower("name"));`);
    this.addSql(`alter table "teams" add constraint "teams_colour_check" check ("colour" ~ '^#[0-9a-f]{6}$');`);
    this.addSql(`alter table "teams" add constraint "teams_orders_check" check ("orders" >= 0);`);

    this.addSql(
      `create table "team_members" ("user_id" varchar(255) not null, "team_id" varchar(255) not null, "joined_at" timestamptz not null, primary key ("user_id"));`,
    );
    this.addSql(`create index "team_members_team_id_index" on "team_members" ("team_id");`);
    this.addSql(
      `alter table "team_members" add constraint "team_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "team_members" add constraint "team_members_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "team_order_credits" ("order_id" varchar(255) not null, "credited_at" timestamptz not null, primary key ("order_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "team_order_credits" cascade;`);
    this.addSql(`drop table if exists "team_members" cascade;`);
    this.addSql(`drop table if exists "teams" cascade;`);
  }
}
