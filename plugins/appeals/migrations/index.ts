import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125025356_Appeals } from './Migration20261125025356_Appeals.ts';
import { Migration20261203080000_AppealKind } from './Migration20261203080000_AppealKind.ts';

/**
 * The appeals plugin's migrations, oldest first. `npm run db:migration -- appeals <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [Migration20261125025356_Appeals, Migration20261203080000_AppealKind];
