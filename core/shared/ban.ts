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

/** Pages a banned user may still open: how to appeal, how to sign in and out, what we store, the ban page. */
const OPEN_TO_BANNED = ['/appeal', '/login', '/privacy', '/banned'];

export function openToBanned(path: string): boolean {
  return OPEN_TO_BANNED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
