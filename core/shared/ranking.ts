import { isSuperAdmin } from './permissions.ts';

/**
 * The rank ladder's rule for acting on another user. Pure, so the user manager's writes (a plugin's), their
 * pages (site/) and the escalation checks (core/auth/escalation.ts) share one function.
 */
export interface Ranked {
  ranks: readonly { position: number }[];
}

/** The position of someone's highest rank (the largest position); -Infinity without ranks. */
export function highestPosition(user: Ranked): number {
  return Math.max(Number.NEGATIVE_INFINITY, ...user.ranks.map((rank) => rank.position));
}

/**
 * Whether `actor` may manage `target`: a SUPER_ADMIN anyone; anyone else only someone whose highest rank is below
 * their own highest rank (so nobody manages a peer or a superior, and someone without ranks manages nobody ranked).
 * Whether the actor may act on themself is each caller's rule.
 */
export function outranks(actor: Ranked & { permissions: number }, target: Ranked): boolean {
  return isSuperAdmin(actor.permissions) || highestPosition(target) < highestPosition(actor);
}

/** Whether `actor` may give or take away a rank at `position`: the ladder rule above, the rank standing for a holder. */
export function mayGrantPosition(actor: Ranked & { permissions: number }, position: number): boolean {
  return outranks(actor, { ranks: [{ position }] });
}

/** Whether `actor` may hand out these permission bits: a SUPER_ADMIN any, anyone else only bits they hold. */
export function mayGrantPermissions(actor: { permissions: number }, permissions: number): boolean {
  return isSuperAdmin(actor.permissions) || (permissions & ~actor.permissions) === 0;
}

/**
 * Whether `actor` may give someone `rank`: below the actor on the ladder, with no permission the actor lacks. The
 * user manager's rank changes (a plugin's) and the rank form on the manage screen (site/) both ask this.
 */
export function mayGrant(
  actor: Ranked & { permissions: number },
  rank: { position: number; permissions: number },
): boolean {
  return mayGrantPosition(actor, rank.position) && mayGrantPermissions(actor, rank.permissions);
}
