import { DomainError } from '../errors.ts';
import { isSuperAdmin } from '../shared/permissions.ts';
import { highestPosition } from '../shared/ranking.ts';
import type { CurrentUser } from './sessions.ts';

/**
 * Nobody hands out more than they hold: a rank at or above one's own highest rank, or permissions one lacks, can
 * only be granted by a SUPER_ADMIN. Ranks admin and the user manager both call these before writing; acting on a user
 * follows `outranks` (core/shared/ranking.ts), which the site's pages apply too.
 */
export function assertCanGrantPosition(actor: CurrentUser, position: number): void {
  if (isSuperAdmin(actor.permissions)) return;
  if (position >= highestPosition(actor)) {
    throw new DomainError('forbidden', 'You cannot manage a rank at or above your own highest rank.');
  }
}

export function assertCanGrantPermissions(actor: CurrentUser, permissions: number): void {
  if (isSuperAdmin(actor.permissions)) return;
  if ((permissions & ~actor.permissions) !== 0) {
    throw new DomainError('forbidden', 'You cannot grant permissions you do not have.');
  }
}
