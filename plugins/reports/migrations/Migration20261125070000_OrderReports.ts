import { Migration } from '@mikro-orm/migrations';

export class Migration20261125070000_OrderReports extends Migration {
  override name = 'Migration20261125070000_OrderReports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "order_reports" ("id" varchar(255) not null, "order_id" varchar(255) not null, "source" text not null, "reporter" varchar(255) not null, "category" text not null, "details" text not null, "status" text not null default 'OPEN', "outcome" text null, "completed_by" varchar(255) null, "completed_at" timestamptz null, "warnings" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "order_reports_reporter_index" on "order_reports" ("reporter");`);
    this.addSql(`create index "order_reports_category_index" on "order_reports" ("category");`);
    this.addSql(`create index "order_reports_status_index" on "order_reports" ("status");`);
    this.addSql(
      `alter table "order_reports" add constraint "order_reports_order_id_source_unique" unique ("order_id", "source");`,
    );

    this.addSql(
      `alter table "order_reports" add constraint "order_reports_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "order_reports" add constraint "order_reports_source_check" check ("source" in ('CUSTOMER', 'DRIVER'));`,
    );
    this.addSql(
      `alter table "order_reports" add constraint "order_reports_category_check" check ("category" in ('WRONG_ITEM', 'RUDE_MESSAGE', 'INAPPROPRIATE_PICTURE', 'NEVER_ARRIVED', 'OTHER', 'TROLL_ORDER'));`,
    );
    this.addSql(
      `alter table "order_reports" add constraint "order_reports_status_check" check ("status" in ('OPEN', 'COMPLETED'));`,
    );
    this.addSql(
      `alter table "order_reports" add constraint "order_reports_completed_check" check (("status" = 'OPEN') = ("completed_at" is null));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "order_reports" cascade;`);
  }
}
