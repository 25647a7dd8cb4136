import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';

export const RANK_HISTORY_ACTIONS = ['rank_update', 'remove_staff', 'resign'] as const;

/** Every change to a user's ranks that someone chose to log: who, what before, what after, why. */
export const RankHistorySchema = defineEntity({
  name: 'RankHistory',
  tableName: 'rank_history',
  properties: {
    id: p.string().primary().onCreate(() => newId()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    action: p.enum(RANK_HISTORY_ACTIONS),
    ranksBefore: p.array(),
    ranksAfter: p.array(),
    reason: p.text().nullable(),
    /** Who made the change; null when the user did it themself (resign). */
    by: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type RankHistory = InferEntity<typeof RankHistorySchema>;
