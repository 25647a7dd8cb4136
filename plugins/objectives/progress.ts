import type { ExpressionBuilder } from 'kysely';
import type { Em } from '../../core/db/orm.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import { type CountedRole, countCountedIn } from '../orders/index.ts';
import { rankHolderIdsIn } from '../ranks/index.ts';
import type { ObjectiveType } from './schemas.ts';
import { type ObjectivesDb, objectivesSql } from './sql.ts';

export const AUDIENCE_BITS = PERMISSIONS.MANAGE_ORDERS | PERMISSIONS.SUPER_ADMIN;

/** Who holds a rank that gives MANAGE_ORDERS or SUPER_ADMIN: the ranks plugin's to say (globalAudience's argument). */
export async function audienceRankHoldersIn(em: Em): Promise<string[]> {
  return rankHolderIdsIn(em, { anyPermissionOf: AUDIENCE_BITS });
}

/**
 * The global audience over core's `users` row: not banned, and the MANAGE_ORDERS check passes, by the user's own
 * bits or a rank's (`rankHolders`, audienceRankHoldersIn's answer); SUPER_ADMIN passes.
 */
export function globalAudience(eb: ExpressionBuilder<ObjectivesDb, 'users'>, rankHolders: readonly string[]) {
  const passes = [eb(eb('users.permissions', '&', AUDIENCE_BITS), '<>', 0)];
  if (rankHolders.length > 0) passes.push(eb('users.id', 'in', rankHolders));
  return eb.and([eb.not(eb.ref('users.ban_active')), eb.or(passes)]);
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
  const rankHolders = await audienceRankHoldersIn(em);
  const row = await objectivesSql(em)
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', userId)
    .where((eb) => globalAudience(eb, rankHolders))
    .executeTakeFirst();
  return row !== undefined;
}
