import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125072000_Objectives } from './Migration20261125072000_Objectives.ts';

/** The objectives plugin's migrations, oldest first. */
export const migrations: MigrationClass[] = [Migration20261125072000_Objectives];
