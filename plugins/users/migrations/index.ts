import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261121234724_UsersProfile } from './Migration20261121234724_UsersProfile.ts';

/**
 * The users plugin's migrations, oldest first (the rank history's moved to the ranks plugin with the table). `npm run db:migration -- users <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [Migration20261121234724_UsersProfile];
