import { Migration } from '@mikro-orm/migrations';

/**
 * A customer has one active order at a time (ORDERED to READY), kept by the database (a partial unique index)
 * instead of a lock on the customer's name: a new order is then one conditional insert (plugins/orders/service.ts,
 * `createOrder`). The service has kept this rule under that lock since November, so an existing diner has no two
 * active orders of one customer; if one had, PostgreSQL refuses the index and names the customer.
 */
export class Migration20261205153000_OneActiveOrderPerCustomer extends Migration {
  override name = 'Migration20261205153000_OneActiveOrderPerCustomer';

  override up(): void | Promise<void> {
    this.addSql(
      `create unique index "orders_one_active_per_customer" on "orders" ("customer") where "status" in ('ORDERED', 'CLAIMED', 'PREPARING', 'READY');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "orders_one_active_per_customer";`);
  }
}
