/**
 * What the bot posts outside an interaction, in English: a removed server, rank announcements (a channel's
 * readers have no one locale). Replies to a command are in the caller's language (i18n/).
 */
export const botText = {
  guildRemoved: 'The bot was removed from the server this order came from, so it cannot be delivered.',
  /** An announced rank change in the rank announcement channel: `ranks` already bold (rank-announcements.ts). */
  ranksNow: (mention: string, ranks: string) => `🎉 ${mention} is now ${ranks}.`,
  ranksRemoved: (mention: string) => `${mention}'s ranks were removed.`,
} as const;
