import { Migration } from '@mikro-orm/migrations';

export class Migration20261125072000_Objectives extends Migration {
  override name = 'Migration20261125072000_Objectives';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "objectives" ("id" varchar(255) not null, "title" varchar(100) not null, "description" text not null, "scope" text not null, "user_id" varchar(255) null, "type" text not null, "target" int not null, "starts_at" timestamptz null, "ends_at" timestamptz null, "reward_type" text not null, "reward_amount" int null, "reward_value" text null, "reward_days" int null, "created_by" varchar(255) not null, "created_at" timestamptz not null, "deleted_at" timestamptz null, "deleted_by" varchar(255) null, primary key ("id"));`,
    );
    this.addSql(`create index "objectives_scope_index" on "objectives" ("scope");`);
    this.addSql(`create index "objectives_user_id_index" on "objectives" ("user_id");`);

    this.addSql(
      `create table "objective_claims" ("id" varchar(255) not null, "objective_id" varchar(255) not null, "user_id" varchar(255) not null, "progress" int not null, "claimed_at" timestamptz not null, "fulfilled_at" timestamptz null, "fulfilled_by" varchar(255) null, primary key ("id"));`,
    );
    this.addSql(`create index "objective_claims_user_id_index" on "objective_claims" ("user_id");`);
    this.addSql(
      `alter table "objective_claims" add constraint "objective_claims_objective_id_user_id_unique" unique ("objective_id", "user_id");`,
    );

    this.addSql(
      `create table "objective_completions" ("objective_id" varchar(255) not null, "user_id" varchar(255) not null, "completed_at" timestamptz not null, primary key ("objective_id", "user_id"));`,
    );

    this.addSql(
      `alter table "objectives" add constraint "objectives_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "objectives" add constraint "objectives_scope_check" check ("scope" in ('global', 'user'));`,
    );
    this.addSql(
      `alter table "objectives" add constraint "objectives_type_check" check ("type" in ('ORDER_TARGET_PREPARED', 'ORDER_TARGET_DELIVERED', 'ORDER_TARGET_TOTAL'));`,
    );
    this.addSql(
      `alter table "objectives" add constraint "objectives_reward_type_check" check ("reward_type" in ('VD_CURRENCY', 'VD_PERK', 'VD_RANK', 'CUSTOM'));`,
    );
    this.addSql(
      `alter table "objectives" add constraint "objectives_scope_user_check" check (("scope" = 'user') = ("user_id" is not null));`,
    );
    this.addSql(`alter table "objectives" add constraint "objectives_target_check" check ("target" > 0);`);

    this.addSql(
      `alter table "objective_claims" add constraint "objective_claims_objective_id_foreign" foreign key ("objective_id") references "objectives" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "objective_claims" add constraint "objective_claims_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "objective_completions" add constraint "objective_completions_objective_id_foreign" foreign key ("objective_id") references "objectives" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "objective_completions" add constraint "objective_completions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "objective_completions" cascade;`);
    this.addSql(`drop table if exists "objective_claims" cascade;`);
    this.addSql(`drop table if exists "objectives" cascade;`);
  }
}
