import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125025356_Appeals } from './Migration20261125025356_Appeals.ts';

/**
 * The appeals plugin's migrations, oldest first. `npm run db:migration -- appeals <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [Migration20261125025356_Appeals];
