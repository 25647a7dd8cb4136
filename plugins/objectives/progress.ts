import type { Em } from '../../core/db/orm.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import { type CountedRole, countCountedIn } from '../orders/index.ts';
import { rankHolderIdsIn } from '../ranks/index.ts';
import type { ObjectiveType } from './schemas.ts';

/**
 * The global audience in SQL over core's users row `user`: the MANAGE_ORDERS check passes (own bits or a rank's;
 * SUPER_ADMIN passes), not banned. Its one `?` is audienceRanksIn's answer: who holds a rank giving those bits is the
 * ranks plugin's to say.
 */
export const AUDIENCE_BITS = PERMISSIONS.MANAGE_ORDERS | PERMISSIONS.SUPER_ADMIN;
export const IN_AUDIENCE = (user: string) =>
  `(not ${user}.ban_active and ((${user}.permissions & ${AUDIENCE_BITS}) <> 0 or ${user}.id in (select jsonb_array_elements_text(?::jsonb))))`;

/** IN_AUDIENCE's parameter: the ids of who holds a rank that gives MANAGE_ORDERS or SUPER_ADMIN, as a JSON array. */
export async function audienceRanksIn(em: Em): Promise<string> {
  return JSON.stringify(await rankHolderIdsIn(em, { anyPermissionOf: AUDIENCE_BITS }));
}

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
  const rows = await em.execute<unknown[]>(`select 1 from users u where u.id = ? and ${IN_AUDIENCE('u')}`, [
    userId,
    await audienceRanksIn(em),
  ]);
  return rows.length > 0;
}
