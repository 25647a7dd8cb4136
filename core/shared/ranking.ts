import { isSuperAdmin } from './permissions.ts';

/**
 * The rank ladder's rule for acting on another user. Pure, so the user manager's writes (plugins/users), their
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
