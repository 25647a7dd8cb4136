import { Migration } from '@mikro-orm/migrations';

export class Migration20261125030500_LeaveRequests extends Migration {
  override name = 'Migration20261125030500_LeaveRequests';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "leave_requests" ("id" varchar(255) not null, "user_id" varchar(255) not null, "from" varchar(10) not null, "until" varchar(10) not null, "reason" text not null, "status" text not null default 'PENDING', "created_by" varchar(255) not null, "decided_by" varchar(255) null, "note" text null, "decided_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "leave_requests_user_id_index" on "leave_requests" ("user_id");`);
    this.addSql(`create index "leave_requests_status_index" on "leave_requests" ("status");`);

    this.addSql(
      `alter table "leave_requests" add constraint "leave_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "leave_requests" add constraint "leave_requests_status_check" check ("status" in ('PENDING', 'APPROVED', 'DENIED', 'CANCELLED'));`,
    );
    this.addSql(`alter table "leave_requests" add constraint "leave_requests_days_check" check ("until" >= "from");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "leave_requests" cascade;`);
  }
}
