import { Migration } from '@mikro-orm/migrations';

export class Migration20261204124802_StatusPostingLease extends Migration {
  override name = 'Migration20261204124802_StatusPostingLease';

  override up(): void | Promise<void> {
    this.addSql(`alter table "discord_order_messages" add "status_posting_until" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "discord_order_messages" drop column "status_posting_until";`);
  }
}
