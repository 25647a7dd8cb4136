import { Migration } from '@mikro-orm/migrations';

export class Migration20261125025325_Recruitment extends Migration {
  override name = 'Migration20261125025325_Recruitment';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "recruitment_forms" ("id" varchar(255) not null, "title" varchar(100) not null, "description" text not null, "rank" varchar(255) null, "manageable_ranks" text[] not null default '{}', "open" boolean not null default false, "opens_at" timestamptz null, "closes_at" timestamptz null, "requirements" jsonb not null, "questions" jsonb not null, "created_by" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, primary key ("id"));`,
    );

    this.addSql(
      `create table "recruitment_applications" ("id" varchar(255) not null, "form_id" varchar(255) not null, "user_id" varchar(255) not null, "form_title" varchar(100) not null, "questions" jsonb not null, "answers" jsonb not null, "status" smallint not null default 0, "reason" text null, "staff_notes" text null, "decided_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "recruitment_applications_form_id_index" on "recruitment_applications" ("form_id");`);
    this.addSql(`create index "recruitment_applications_user_id_index" on "recruitment_applications" ("user_id");`);

    this.addSql(
      `create table "recruitment_application_history" ("id" varchar(255) not null, "application_id" varchar(255) not null, "from" smallint null, "to" smallint not null, "reason" text null, "by" varchar(255) not null, "by_name" varchar(64) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "recruitment_application_history_application_id_index" on "recruitment_application_history" ("application_id");`,
    );

    this.addSql(
      `alter table "recruitment_applications" add constraint "recruitment_applications_form_id_foreign" foreign key ("form_id") references "recruitment_forms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "recruitment_applications" add constraint "recruitment_applications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "recruitment_application_history" add constraint "recruitment_application_history_application_id_foreign" foreign key ("application_id") references "recruitment_applications" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "recruitment_applications" drop constraint "recruitment_applications_form_id_foreign";`);
    this.addSql(
      `alter table "recruitment_application_history" drop constraint "recruitment_application_history_application_id_foreign";`,
    );

    this.addSql(`drop table if exists "recruitment_forms" cascade;`);
    this.addSql(`drop table if exists "recruitment_applications" cascade;`);
    this.addSql(`drop table if exists "recruitment_application_history" cascade;`);
  }
}
