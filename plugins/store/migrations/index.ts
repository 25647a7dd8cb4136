import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125062000_Coins } from './Migration20261125062000_Coins.ts';
import { Migration20261125070000_StoreItems } from './Migration20261125070000_StoreItems.ts';
import { Migration20261125160000_StoreFunctions } from './Migration20261125160000_StoreFunctions.ts';
import { Migration20261128093000_GrantLookups } from './Migration20261128093000_GrantLookups.ts';
import { Migration20261203070100_GrantedPerksApart } from './Migration20261203070100_GrantedPerksApart.ts';
import { Migration20261203090000_GrantedRanksHeld } from './Migration20261203090000_GrantedRanksHeld.ts';
import { Migration20261204090000_StoreRulesInServices } from './Migration20261204090000_StoreRulesInServices.ts';

/**
 * The store plugin's migrations, oldest first. `npm run db:migration -- store <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [
  Migration20261125062000_Coins,
  Migration20261125070000_StoreItems,
  Migration20261125160000_StoreFunctions,
  Migration20261128093000_GrantLookups,
  Migration20261203070100_GrantedPerksApart,
  Migration20261203090000_GrantedRanksHeld,
  Migration20261204090000_StoreRulesInServices,
];
