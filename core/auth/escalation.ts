import { localizedError } from '../i18n/catalogue.ts';
import { mayGrantPermissions, mayGrantPosition } from '../shared/ranking.ts';
import { authText } from './i18n/index.ts';
import type { CurrentUser } from './sessions.ts';

/**
 * Nobody hands out more than they hold: a rank at or above one's own highest rank, or permissions one lacks, can
 * only be granted by a SUPER_ADMIN. Ranks admin and the user manager both call these before writing. The rules
 * themselves are core/shared/ranking.ts (`mayGrantPosition`, `mayGrantPermissions`, and `outranks` for acting on
 * a user), which the site's pages ask too: one rule on both sides.
 */
export function assertCanGrantPosition(actor: CurrentUser, position: number): void {
  if (!mayGrantPosition(actor, position)) {
    throw localizedError(authText, 'forbidden', 'refusal.rankTooHigh');
  }
}

export function assertCanGrantPermissions(actor: CurrentUser, permissions: number): void {
  if (!mayGrantPermissions(actor, permissions)) {
    throw localizedError(authText, 'forbidden', 'refusal.permissionsNotHeld');
  }
}
