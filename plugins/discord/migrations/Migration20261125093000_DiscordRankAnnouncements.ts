import { Migration } from '@mikro-orm/migrations';

export class Migration20261125093000_DiscordRankAnnouncements extends Migration {
  override name = 'Migration20261125093000_DiscordRankAnnouncements';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "discord_rank_announcements" ("announcement_id" varchar(255) not null, "user_id" varchar(255) not null, "channel_id" varchar(255) not null, "claimed_at" timestamptz not null, primary key ("announcement_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "discord_rank_announcements" cascade;`);
  }
}
