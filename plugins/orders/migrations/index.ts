import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261122003821_Orders } from './Migration20261122003821_Orders.ts';
import { Migration20261122012917_OrderFeedback } from './Migration20261122012917_OrderFeedback.ts';
import { Migration20261125130000_OneClaimPerChef } from './Migration20261125130000_OneClaimPerChef.ts';
import { Migration20261127231000_PartialPersonIndexes } from './Migration20261127231000_PartialPersonIndexes.ts';
import { Migration20261204100100_OrdersKeepTheirDays } from './Migration20261204100100_OrdersKeepTheirDays.ts';
import { Migration20261205153000_OneActiveOrderPerCustomer } from './Migration20261205153000_OneActiveOrderPerCustomer.ts';

/**
 * The orders plugin's migrations, oldest first. `npm run db:migration -- orders <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [
  Migration20261122003821_Orders,
  Migration20261122012917_OrderFeedback,
  Migration20261125130000_OneClaimPerChef,
  Migration20261127231000_PartialPersonIndexes,
  Migration20261204100100_OrdersKeepTheirDays,
  Migration20261205153000_OneActiveOrderPerCustomer,
];
