/** The users plugin's domain events (the gateway delivers userBanned to the banned user's sockets). */
declare module '../../core/events.ts' {
  interface DomainEvents {
    userBanned: { userId: string; reason: string | null; expires: string | null };
    userUnbanned: { userId: string; silent: boolean };
    /**
     * The user's ranks were replaced. `announcementId` is set only when the change is announced: unique per change,
     * it lets exactly one process post the announcement to Discord (plugins/discord/rank-announcements.ts).
     */
    userRanksChanged: { userId: string; ranks: string[]; announce: boolean; announcementId?: string };
    /** The user's order blacklist entry was set (active) or lifted: the bot refuses or accepts their orders. */
    userBlacklisted: { userId: string; active: boolean };
  }
}

export {};
