import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261125025256_Notifications } from './Migration20261125025256_Notifications.ts';

/**
 * The notifications plugin's migrations, oldest first. `npm run db:migration -- notifications <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [Migration20261125025256_Notifications];
