import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125071400_Teams } from './Migration20261125071400_Teams.ts';
import { Migration20261203210000_CreditsKeepTheirOrder } from './Migration20261203210000_CreditsKeepTheirOrder.ts';

/** The teams plugin's migrations, oldest first. */
export const migrations: MigrationClass[] = [
  Migration20261125071400_Teams,
  Migration20261203210000_CreditsKeepTheirOrder,
];
