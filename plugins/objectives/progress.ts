import type { Em } from '../../core/db/orm.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import type { ObjectiveType } from './schemas.ts';

/**
 * What counts, the leaderboard's rule (plugins/orders/stats.ts): a delivered order that was not reported. A chef's
 * order counts when it is delivered, so the dashboard, the leaderboard and objectives agree; the window is on
 * `delivered_at`, both ends included.
 */
export const COUNTED = `o.status = 'DELIVERED' and not o.report`;

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

/**
 * Each objective's progress for one user: one query, counted in the database over the orders the user prepared or
 * delivered (the `prepared_by` and `delivered_by` indexes find them; the window and the type filter those few).
 */
export async function progressOf(
  em: Em,
  userId: string,
  objectives: readonly Countable[],
): Promise<Map<string, number>> {
  const progress = new Map<string, number>();
  if (objectives.length === 0) return progress;
  const rows = await em.execute<{ id: string; n: number | string }[]>(
    `select ob.id, (select count(*) from orders o
        where ${COUNTED} and (o.prepared_by = ? or o.delivered_by = ?)
          and (ob.starts_at is null or o.delivered_at >= ob.starts_at)
          and (ob.ends_at is null or o.delivered_at <= ob.ends_at)
          and case ob.type when 'ORDER_TARGET_PREPARED' then o.prepared_by = ? when 'ORDER_TARGET_DELIVERED' then o.delivered_by = ? else true end) as n
     from objectives ob where ob.id in (${objectives.map(() => '?').join(', ')})`,
    [userId, userId, userId, userId, ...objectives.map((o) => o.id)],
  );
  for (const row of rows) progress.set(row.id, Number(row.n));
  return progress;
}

/** Whether the user is in a global objective's audience now (the listener asks; requests read the session). */
export async function inAudience(em: Em, userId: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(`select 1 from users u where u.id = ? and ${IN_AUDIENCE('u')}`, [userId]);
  return rows.length > 0;
}
