/** The users plugin's domain events (the gateway delivers userBanned to the banned user's sockets). */
declare module '../../core/events.ts' {
  interface DomainEvents {
    userBanned: { userId: string; reason: string | null; expires: string | null };
    userUnbanned: { userId: string; silent: boolean };
    userRanksChanged: { userId: string; ranks: string[]; announce: boolean };
  }
}

export {};
