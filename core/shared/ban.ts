/** A user's ban as the specification describes it: active, reason, expires (null: permanent). */
export interface BanInfo {
  active: boolean;
  reason: string | null;
  expires: Date | string | null;
}

export function isBanActive(ban: BanInfo | null | undefined, now: Date = new Date()): boolean {
  if (!ban?.active) return false;
  return ban.expires === null || new Date(ban.expires).getTime() > now.getTime();
}

/**
 * The text of the ban page, the 403 body and the bot's refusals: the specification's exact words for a ban with an
 * end. A ban without one (permanent) ends "This ban is permanent." rather than "will expire on never."
 * (docs/decisions.md).
 */
export function banMessage(ban: BanInfo): string {
  const end =
    ban.expires === null ? 'This ban is permanent.' : `This ban will expire on ${new Date(ban.expires).toUTCString()}.`;
  return `You are currently banned from this website for the following reason: ${ban.reason || 'No reason given.'} ${end}`;
}

/** Pages a banned user may still open: how to appeal, how to sign in and out, what we store, the ban page. */
const OPEN_TO_BANNED = ['/appeal', '/login', '/privacy', '/banned'];

export function openToBanned(path: string): boolean {
  return OPEN_TO_BANNED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
