import { Migration } from '@mikro-orm/migrations';
import { earlierStatements } from '../../../core/db/migrations.ts';
import { Migration20261125123000_DailyRollups } from './Migration20261125123000_DailyRollups.ts';
import { Migration20261127170000_TodayWithoutLocks } from './Migration20261127170000_TodayWithoutLocks.ts';
import { Migration20261202170000_TodaySkipsTheTrigger } from './Migration20261202170000_TodaySkipsTheTrigger.ts';

/** The migrations that built (and rebuilt) the rollup triggers and their functions, oldest first. */
const EARLIER = [
  Migration20261125123000_DailyRollups,
  Migration20261127170000_TodayWithoutLocks,
  Migration20261202170000_TodaySkipsTheTrigger,
];
/** Their statements about functions and triggers (not the tables, which the orders plugin's migration hands back). */
const REBUILDS = /^\s*(create (or replace )?function|create trigger|drop trigger)/;

/**
 * The statistics plugin no longer watches the orders plugin's tables: its triggers on `orders` and `claim_expiries`
 * and their functions go. The orders plugin now keeps the daily rollups and marks a changed day itself, in
 * TypeScript (its migration OrdersKeepTheirDays takes the tables over; plugins/orders/README.md). After this, the
 * schema holds no user-defined function and no trigger.
 */
export class Migration20261204100000_StatisticsLeaveTheOrders extends Migration {
  override name = 'Migration20261204100000_StatisticsLeaveTheOrders';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists "orders_statistics_days_insert_delete" on "orders";`);
    this.addSql(`drop trigger if exists "orders_statistics_days_update" on "orders";`);
    this.addSql(`drop trigger if exists "claim_expiries_statistics_days" on "claim_expiries";`);
    this.addSql(`drop function if exists "statistics_orders_changed"();`);
    this.addSql(`drop function if exists "statistics_claim_expiries_changed"();`);
    this.addSql(`drop function if exists "statistics_order_parts"("orders");`);
    this.addSql(`drop function if exists "statistics_lock_days"(text[]);`);
    this.addSql(`drop function if exists "statistics_utc_day"(timestamptz);`);
  }

  /**
   * The functions and triggers again, as this plugin's migrations last defined them (their own statements, taken
   * from those migrations in order), so a database migrated down has what the code of that time expects.
   */
  override async down(): Promise<void> {
    for (const sql of await earlierStatements(EARLIER, this.driver, this.config, REBUILDS)) this.addSql(sql);
  }
}
