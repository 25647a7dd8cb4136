import { Migration } from '@mikro-orm/migrations';
import { oneColumnIndexSql } from '../../../core/db/migrations.ts';

/** The orders moments the statistics count by, empty until they happen (ordered_at never is). */
const COLUMNS = ['claimed_at', 'prepare_started_at', 'delivered_at'];

/**
 * The indexes on when an order was claimed, began cooking and was delivered hold only the orders where that has
 * happened (`where … is not null`), as the orders plugin's person indexes do (its migration PartialPersonIndexes
 * says why: a change of an order's state enters every index of `orders` but a partial one whose condition its new
 * version does not meet). Every figure reads them by a range of moments (`>= ? and < ?`), which implies
 * `is not null`.
 */
export class Migration20261127231100_PartialMomentIndexes extends Migration {
  override name = 'Migration20261127231100_PartialMomentIndexes';

  override up(): void | Promise<void> {
    for (const sql of COLUMNS.flatMap((column) => oneColumnIndexSql('orders', column, true))) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of COLUMNS.flatMap((column) => oneColumnIndexSql('orders', column, false))) this.addSql(sql);
  }
}
