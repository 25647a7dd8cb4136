import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261121233502_RankHistory } from './Migration20261121233502_RankHistory.ts';
import { Migration20261125062100_RankHistoryGrants } from './Migration20261125062100_RankHistoryGrants.ts';

/**
 * The ranks plugin's migrations, oldest first. The rank history's came from the users plugin with their names (a
 * migration's name never changes); `ranks` and `user_ranks` were made by core's first migration, which stays core's.
 * `npm run db:migration -- ranks <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [
  Migration20261121233502_RankHistory,
  Migration20261125062100_RankHistoryGrants,
];
