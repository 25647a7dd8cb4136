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

export function formatBanExpiry(expires: Date | string | null): string {
  if (expires === null) return 'never';
  return new Date(expires).toUTCString();
}

/** The exact text of the specification's ban page and 403 body. */
export function banMessage(ban: BanInfo): string {
  return `You are currently banned from this website for the following reason: ${ban.reason || 'No reason given.'} This ban will expire on ${formatBanExpiry(ban.expires)}.`;
}

/** Pages a banned user may still open: how to appeal, how to sign in and out, what we store, the ban page. */
const OPEN_TO_BANNED = ['/appeal', '/login', '/privacy', '/banned'];

export function openToBanned(path: string): boolean {
  return OPEN_TO_BANNED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
