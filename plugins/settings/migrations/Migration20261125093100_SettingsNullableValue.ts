import { Migration } from '@mikro-orm/migrations';

/** A setting whose value may be null (rankAnnouncementChannel cleared) is stored as SQL NULL. */
export class Migration20261125093100_SettingsNullableValue extends Migration {
  override name = 'Migration20261125093100_SettingsNullableValue';

  override up(): void | Promise<void> {
    this.addSql(`alter table "settings" alter column "value" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "settings" where "value" is null;`);
    this.addSql(`alter table "settings" alter column "value" set not null;`);
  }
}
