import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125025325_Recruitment } from './Migration20261125025325_Recruitment.ts';

/**
 * The recruitment plugin's migrations, oldest first. `npm run db:migration -- recruitment <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [Migration20261125025325_Recruitment];
