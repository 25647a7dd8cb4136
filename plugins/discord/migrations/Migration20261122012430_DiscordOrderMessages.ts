import { Migration } from '@mikro-orm/migrations';

export class Migration20261122012430_DiscordOrderMessages extends Migration {
  override name = 'Migration20261122012430_DiscordOrderMessages';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "discord_order_messages" ("order_id" varchar(255) not null, "application_id" varchar(255) null, "interaction_token" text null, "token_expires_at" timestamptz null, "channel_id" varchar(255) null, "message_id" varchar(255) null, "delivery_claimed_at" timestamptz null, "created_at" timestamptz not null, primary key ("order_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "discord_order_messages" cascade;`);
  }
}
