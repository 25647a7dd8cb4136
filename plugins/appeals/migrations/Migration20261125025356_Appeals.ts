import { Migration } from '@mikro-orm/migrations';

export class Migration20261125025356_Appeals extends Migration {
  override name = 'Migration20261125025356_Appeals';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "appeals" ("id" varchar(255) not null, "user_id" varchar(255) not null, "status" text not null default 'pending', "why_banned" text not null, "why_lift" text not null, "anything_else" text not null default '', "ban_reason" text null, "ban_expires" timestamptz null, "banned_by" varchar(255) null, "banned_at" timestamptz null, "created_at" timestamptz not null, "decided_at" timestamptz null, "decision_reason" text null, primary key ("id"));`,
    );
    this.addSql(`create index "appeals_user_id_index" on "appeals" ("user_id");`);
    this.addSql(`create index "appeals_status_index" on "appeals" ("status");`);

    this.addSql(
      `create table "appeal_votes" ("id" varchar(255) not null, "appeal_id" varchar(255) not null, "voter" varchar(255) not null, "vote" text not null, "reason" text not null, "force" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "appeal_votes" add constraint "appeal_votes_appeal_id_voter_unique" unique ("appeal_id", "voter");`,
    );

    this.addSql(
      `alter table "appeals" add constraint "appeals_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "appeals" add constraint "appeals_status_check" check ("status" in ('pending', 'accepted', 'denied'));`,
    );

    this.addSql(
      `alter table "appeal_votes" add constraint "appeal_votes_appeal_id_foreign" foreign key ("appeal_id") references "appeals" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "appeal_votes" add constraint "appeal_votes_vote_check" check ("vote" in ('accept', 'deny'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "appeal_votes" drop constraint "appeal_votes_appeal_id_foreign";`);

    this.addSql(`drop table if exists "appeals" cascade;`);
    this.addSql(`drop table if exists "appeal_votes" cascade;`);
  }
}
