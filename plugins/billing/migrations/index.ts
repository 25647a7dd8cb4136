import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125070100_Billing } from './Migration20261125070100_Billing.ts';

/** The billing plugin's migrations, oldest first. */
export const migrations: MigrationClass[] = [Migration20261125070100_Billing];
