import { UserSchema } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import { type RANK_HISTORY_ACTIONS, RankHistorySchema } from './entities.ts';

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

/** An entry as it was written, with when. */
export interface RankChangeEntry extends RankChange {
  id: string;
  createdAt: Date;
}

/**
 * Writes a rank change to the user's history inside the caller's transaction (at its flush): the one way every plugin
 * that changes ranks (the user manager, resigning, an accepted application, a grant) records it.
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

/** The user's rank history, newest first, at most `limit` entries. */
export async function rankHistoryIn(em: Em, userId: string, limit: number): Promise<RankChangeEntry[]> {
  const rows = await em.find(
    RankHistorySchema,
    { user: userId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user.id,
    action: row.action,
    ranksBefore: [...row.ranksBefore],
    ranksAfter: [...row.ranksAfter],
    reason: row.reason ?? null,
    by: row.by ?? null,
    createdAt: row.createdAt,
  }));
}
