/** The users plugin's domain events (the gateway delivers userBanned to the banned user's sockets). */
declare module '../../core/events.ts' {
  interface DomainEvents {
    userBanned: { userId: string; reason: string | null; expires: string | null };
    userUnbanned: { userId: string; silent: boolean };
    userRanksChanged: { userId: string; ranks: string[]; announce: boolean };
    /** The user's order blacklist entry was set (active) or lifted: the bot refuses or accepts their orders. */
    userBlacklisted: { userId: string; active: boolean };
  }
}

export {};
