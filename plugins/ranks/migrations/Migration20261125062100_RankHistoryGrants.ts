import { Migration } from '@mikro-orm/migrations';

/** A rank a grant gives or takes back (a store purchase, a subscription, an objective) is written to the rank history too. */
export class Migration20261125062100_RankHistoryGrants extends Migration {
  override name = 'Migration20261125062100_RankHistoryGrants';

  override up(): void | Promise<void> {
    this.addSql(`alter table "rank_history" drop constraint "rank_history_action_check";`);
    this.addSql(
      `alter table "rank_history" add constraint "rank_history_action_check" check ("action" in ('rank_update', 'remove_staff', 'resign', 'grant', 'grant_end'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "rank_history" drop constraint "rank_history_action_check";`);
    this.addSql(
      `alter table "rank_history" add constraint "rank_history_action_check" check ("action" in ('rank_update', 'remove_staff', 'resign'));`,
    );
  }
}
