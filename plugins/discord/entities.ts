import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * Where an order shows in Discord: the interaction whose reply is the order's status message (its token lets the
 * bot edit that reply for 15 minutes), the channel message the bot posts instead once the token has expired, and
 * whether the delivery was posted (claimed once, by one process, with a conditional write).
 */
export const DiscordOrderMessageSchema = defineEntity({
  name: 'DiscordOrderMessage',
  tableName: 'discord_order_messages',
  properties: {
    orderId: p.string().primary().fieldName('order_id'),
    applicationId: p.string().nullable(),
    interactionToken: p.text().nullable(),
    tokenExpiresAt: p.datetime().nullable(),
    channelId: p.string().nullable(),
    /** The status message the bot posted itself once the interaction token had expired. */
    messageId: p.string().nullable(),
    /** Until when a process has taken the posting of that message on itself (a lease: status-post.ts). */
    statusPostingUntil: p.datetime().nullable(),
    /** When a process took the delivery post on itself: set once, so the delivery is posted once. */
    deliveryClaimedAt: p.datetime().nullable(),
    /** The customer's language when they ordered (core/i18n): the status message and the delivery speak it. */
    locale: p.text().default('en'),
    createdAt: p.datetime(),
  },
});
export type DiscordOrderMessage = InferEntity<typeof DiscordOrderMessageSchema>;

/**
 * An announced rank change the bot posted (or tried to post) to the rank announcement channel: every process hears
 * `userRanksChanged`; the one whose insert of the change's announcementId succeeds posts it, so it is posted once.
 */
export const DiscordRankAnnouncementSchema = defineEntity({
  name: 'DiscordRankAnnouncement',
  tableName: 'discord_rank_announcements',
  properties: {
    announcementId: p.string().primary().fieldName('announcement_id'),
    userId: p.string(),
    channelId: p.string(),
    claimedAt: p.datetime(),
  },
});
export type DiscordRankAnnouncement = InferEntity<typeof DiscordRankAnnouncementSchema>;

/**
 * A Discord server's language as Discord last told us (`guild_locale`, which comes with every interaction from the
 * server): what the bot posts there for everyone to read is written in it (guild-locales.ts). Discord's tag as sent
 * (`fr`, `es-419`, `ja`), matched to a locale the diner speaks when read.
 */
export const DiscordGuildSchema = defineEntity({
  name: 'DiscordGuild',
  tableName: 'discord_guilds',
  properties: {
    guildId: p.string().primary().fieldName('guild_id'),
    locale: p.text(),
    updatedAt: p.datetime(),
  },
});
export type DiscordGuild = InferEntity<typeof DiscordGuildSchema>;

export const discordEntities = [DiscordOrderMessageSchema, DiscordRankAnnouncementSchema, DiscordGuildSchema];
