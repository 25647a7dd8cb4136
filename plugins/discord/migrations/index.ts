import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261122012430_DiscordOrderMessages } from './Migration20261122012430_DiscordOrderMessages.ts';
import { Migration20261125093000_DiscordRankAnnouncements } from './Migration20261125093000_DiscordRankAnnouncements.ts';
import { Migration20261204124802_StatusPostingLease } from './Migration20261204124802_StatusPostingLease.ts';
import { Migration20261204213000_OrderMessageLocale } from './Migration20261204213000_OrderMessageLocale.ts';
import { Migration20261205033225_GuildLocales } from './Migration20261205033225_GuildLocales.ts';

/**
 * The discord plugin's migrations, oldest first. `npm run db:migration -- discord <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [
  Migration20261122012430_DiscordOrderMessages,
  Migration20261125093000_DiscordRankAnnouncements,
  Migration20261204124802_StatusPostingLease,
  Migration20261204213000_OrderMessageLocale,
  Migration20261205033225_GuildLocales,
];
