import { Migration } from '@mikro-orm/migrations';
import { oneColumnIndexSql } from '../../../core/db/migrations.ts';

/** The orders columns naming who did something, empty until they do. */
const COLUMNS = ['claimed_by', 'prepared_by', 'assigned_driver', 'delivered_by'];

/**
 * The indexes on who claimed, prepared, was assigned and delivered an order hold only the orders that have one
 * (`where … is not null`). A state change of an order (a claim changes its status, holder and claim time, all
 * indexed) writes a new row version that every index of `orders` takes an entry for, except a partial index whose
 * condition the new version does not meet: a claim or an unclaim of an order not yet cooked no longer enters the
 * columns still empty. Every query these indexes serve asks for a person (`= ?`), which implies `is not null`.
 */
export class Migration20261127231000_PartialPersonIndexes extends Migration {
  override name = 'Migration20261127231000_PartialPersonIndexes';

  override up(): void | Promise<void> {
    for (const sql of COLUMNS.flatMap((column) => oneColumnIndexSql('orders', column, true))) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of COLUMNS.flatMap((column) => oneColumnIndexSql('orders', column, false))) this.addSql(sql);
  }
}
