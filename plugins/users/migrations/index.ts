import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261121233502_RankHistory } from './Migration20261121233502_RankHistory.ts';
import { Migration20261121234724_UsersProfile } from './Migration20261121234724_UsersProfile.ts';
import { Migration20261125062100_RankHistoryGrants } from './Migration20261125062100_RankHistoryGrants.ts';

/**
 * The users plugin's migrations, oldest first. `npm run db:migration -- users <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [
  Migration20261121233502_RankHistory,
  Migration20261121234724_UsersProfile,
  Migration20261125062100_RankHistoryGrants,
];
