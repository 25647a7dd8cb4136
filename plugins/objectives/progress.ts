import type { Em } from '../../core/db/orm.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import { type CountedRole, countCountedIn } from '../orders/index.ts';
import type { ObjectiveType } from './schemas.ts';

/** The global audience in SQL: the MANAGE_ORDERS check passes (own bits or a rank's; SUPER_ADMIN passes), not banned. */
export const AUDIENCE_BITS = PERMISSIONS.MANAGE_ORDERS | PERMISSIONS.SUPER_ADMIN;
export const IN_AUDIENCE = (user: string) =>
  `(not ${user}.ban_active and ((${user}.permissions | coalesce((select bit_or(r.permissions) from user_ranks ur join ranks r on r.id = ur.rank_id where ur.user_id = ${user}.id), 0)) & ${AUDIENCE_BITS}) <> 0)`;

export interface Countable {
  id: string;
  type: ObjectiveType;
  startsAt?: Date | null;
  endsAt?: Date | null;
}

const ROLE_OF: Partial<Record<ObjectiveType, CountedRole>> = {
  ORDER_TARGET_PREPARED: 'chef',
  ORDER_TARGET_DELIVERED: 'driver',
};

/**
 * Each objective's progress for one user: the orders plugin counts the user's counted orders (its leaderboard's
 * rule: delivered, not reported) in each objective's window, by the work its type names (prepared, delivered, or
 * either), in one statement of the caller's transaction.
 */
export async function progressOf(
  em: Em,
  userId: string,
  objectives: readonly Countable[],
): Promise<Map<string, number>> {
  const windows = objectives.map((o) => ({
    role: ROLE_OF[o.type] ?? 'either',
    from: o.startsAt ?? null,
    to: o.endsAt ?? null,
  }));
  const counts = await countCountedIn(em, userId, windows);
  return new Map(objectives.map((o, i) => [o.id, counts[i]!]));
}

/** Whether the user is in a global objective's audience now (the listener asks; requests read the session). */
export async function inAudience(em: Em, userId: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(`select 1 from users u where u.id = ? and ${IN_AUDIENCE('u')}`, [userId]);
  return rows.length > 0;
}
