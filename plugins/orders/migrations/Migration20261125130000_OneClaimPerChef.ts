import { Migration } from '@mikro-orm/migrations';

/**
 * A chef holds one claimed order at a time, kept by the database (a partial unique index) instead of a lock on the
 * chef's row: a claim is then one conditional update (plugins/orders/service.ts, `claim`).
 */
export class Migration20261125130000_OneClaimPerChef extends Migration {
  override name = 'Migration20261125130000_OneClaimPerChef';

  override up(): void | Promise<void> {
    this.addSql(
      `create unique index "orders_one_claim_per_chef" on "orders" ("claimed_by") where "status" = 'CLAIMED';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "orders_one_claim_per_chef";`);
  }
}
