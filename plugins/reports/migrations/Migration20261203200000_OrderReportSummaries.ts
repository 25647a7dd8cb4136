import { Migration } from '@mikro-orm/migrations';

/**
 * Each report keeps its order's summary (code, item, customer, chef, driver, delivery time), so the reports plugin
 * reads no other plugin's table. Null for the reports made before: the plugin fills them on start through the orders
 * plugin's read API (docs/reports.md). The indexes serve the Report Manager's filters and the earlier-reports lists.
 */
export class Migration20261203200000_OrderReportSummaries extends Migration {
  override name = 'Migration20261203200000_OrderReportSummaries';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "order_reports" add column "order_code" varchar(8) null, add column "item" text null, add column "customer" varchar(255) null, add column "chef" varchar(255) null, add column "driver" varchar(255) null, add column "delivered_at" timestamptz null;`,
    );
    this.addSql(`create index "order_reports_customer_index" on "order_reports" ("customer");`);
    this.addSql(`create index "order_reports_chef_index" on "order_reports" ("chef");`);
    this.addSql(`create index "order_reports_driver_index" on "order_reports" ("driver");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "order_reports_customer_index";`);
    this.addSql(`drop index "order_reports_chef_index";`);
    this.addSql(`drop index "order_reports_driver_index";`);
    this.addSql(
      `alter table "order_reports" drop column "order_code", drop column "item", drop column "customer", drop column "chef", drop column "driver", drop column "delivered_at";`,
    );
  }
}
