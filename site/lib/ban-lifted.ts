import { openToBanned } from '../../core/shared/ban.ts';

/**
 * "Your ban has been lifted" on the first page after it was (an appeal accepted, a manager's unban, the ban's end).
 * A page rendered for a banned user (the ban page, the appeal pages) carries `data-vd-banned` on <body>, and the
 * browser remembers it; the first page that is not one of those, for a signed-in user the server no longer
 * treats as banned, shows the toast and forgets. Logging out forgets too (session-client.ts).
 */
export const WAS_BANNED_KEY = 'vd-was-banned';

export function noteBanState(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  bannedNow: boolean,
  path: string,
  show: () => void,
): void {
  if (bannedNow) {
    storage.setItem(WAS_BANNED_KEY, '1');
    return;
  }
  if (storage.getItem(WAS_BANNED_KEY) === null || openToBanned(path)) return;
  storage.removeItem(WAS_BANNED_KEY);
  show();
}
