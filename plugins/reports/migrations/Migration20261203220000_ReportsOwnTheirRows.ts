import { Migration } from '@mikro-orm/migrations';

/**
 * A report no longer holds a foreign key to the orders plugin's table: a plugin owns its tables, and the orders
 * plugin never deletes an order row (a deleted order is a status), so the key's cascade never ran in the product.
 * The report keeps its order's id and summary (OrderReportSummaries).
 */
export class Migration20261203220000_ReportsOwnTheirRows extends Migration {
  override name = 'Migration20261203220000_ReportsOwnTheirRows';

  override up(): void | Promise<void> {
    this.addSql(`alter table "order_reports" drop constraint if exists "order_reports_order_id_foreign";`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "order_reports" add constraint "order_reports_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`,
    );
  }
}
