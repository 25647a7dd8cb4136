import { UserSchema } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import { type RANK_HISTORY_ACTIONS, RankHistorySchema, ResignationSchema } from './entities.ts';
import { REAPPLY_AFTER_MS } from './schemas.ts';

/** One entry of a user's rank history: what changed their ranks, from what to what (ids, highest first), and why. */
export interface RankChange {
  userId: string;
  action: (typeof RANK_HISTORY_ACTIONS)[number];
  ranksBefore: readonly string[];
  ranksAfter: readonly string[];
  reason: string | null;
  /** Who made the change; null when the user did it themself (resign) or a grant did (its start or end). */
  by: string | null;
}

/**
 * Writes a rank change to the user's history inside the caller's transaction: the one way every plugin that changes
 * ranks (the user manager, resigning, an accepted application, a grant) records it.
 */
export function recordRankChangeIn(em: Em, change: RankChange): void {
  em.create(RankHistorySchema, {
    user: em.getReference(UserSchema, change.userId),
    action: change.action,
    ranksBefore: [...change.ranksBefore],
    ranksAfter: [...change.ranksAfter],
    reason: change.reason,
    by: change.by,
  });
}

/**
 * When the user may apply to join the staff again, read in the caller's transaction: a week after their last
 * resignation (possibly already past), or null when they never resigned.
 */
export async function reapplyAtIn(em: Em, userId: string): Promise<Date | null> {
  const row = await em.findOne(ResignationSchema, { user: userId });
  return row ? new Date(row.resignedAt.getTime() + REAPPLY_AFTER_MS) : null;
}
