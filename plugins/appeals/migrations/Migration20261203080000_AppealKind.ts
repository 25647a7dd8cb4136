import { Migration } from '@mikro-orm/migrations';

/** An appeal is about a ban (the site) or the order blacklist (the bot): every appeal before this was about a ban. */
export class Migration20261203080000_AppealKind extends Migration {
  override name = 'Migration20261203080000_AppealKind';

  override up(): void | Promise<void> {
    this.addSql(`alter table "appeals" add column "kind" text not null default 'ban';`);
    this.addSql(`alter table "appeals" add constraint "appeals_kind_check" check ("kind" in ('ban', 'blacklist'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "appeals" drop column "kind";`);
  }
}
