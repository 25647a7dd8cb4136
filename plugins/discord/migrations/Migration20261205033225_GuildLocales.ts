import { Migration } from '@mikro-orm/migrations';

/** Each Discord server's language, as its interactions last said it: what the bot posts there is in it. */
export class Migration20261205033225_GuildLocales extends Migration {
  override name = 'Migration20261205033225_GuildLocales';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "discord_guilds" ("guild_id" varchar(255) not null, "locale" text not null, "updated_at" timestamptz not null, primary key ("guild_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "discord_guilds" cascade;`);
  }
}
