import { Migration } from '@mikro-orm/migrations';

/** The language of the customer whose `/order` made the status message: its edits stay in that language. */
export class Migration20261204213000_OrderMessageLocale extends Migration {
  override name = 'Migration20261204213000_OrderMessageLocale';

  override up(): void | Promise<void> {
    this.addSql(`alter table "discord_order_messages" add "locale" text not null default 'en';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "discord_order_messages" drop column "locale";`);
  }
}
