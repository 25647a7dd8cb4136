import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';

/**
 * The ranks plugin's tables: the ladder (`ranks`), who holds which rank (`user_ranks`) and the history of those
 * holdings (`rank_history`). `ranks` and `user_ranks` were made by core's first migration, before plugins owned
 * tables; that migration is history and stays core's (docs/architecture.md, "Ranks and the permission port").
 */

export const RankSchema = defineEntity({
  name: 'Rank',
  tableName: 'ranks',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    name: p.string().length(64),
    /** The highest rank is the one with the largest position. */
    position: p.integer().unique(),
    colour: p.string().length(7).default('#2888f5'),
    permissions: p.integer().default(0),
    perks: p.array().defaultRaw(`'{}'`),
    canResign: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Rank = InferEntity<typeof RankSchema>;

/**
 * One rank one user holds. Once the User entity's many-to-many pivot (core's user entity no longer knows ranks), the
 * table and its constraints unchanged: both foreign keys cascade, so a deleted user or rank leaves no row behind.
 */
export const UserRankSchema = defineEntity({
  name: 'UserRank',
  tableName: 'user_ranks',
  properties: {
    user: () => p.manyToOne(UserSchema).primary().deleteRule('cascade').updateRule('cascade'),
    rank: () => p.manyToOne(RankSchema).primary().deleteRule('cascade').updateRule('cascade'),
  },
});
export type UserRank = InferEntity<typeof UserRankSchema>;

export const RANK_HISTORY_ACTIONS = ['rank_update', 'remove_staff', 'resign', 'grant', 'grant_end'] as const;

/** Every change to a user's ranks that someone chose to log: who, what before, what after, why. */
export const RankHistorySchema = defineEntity({
  name: 'RankHistory',
  tableName: 'rank_history',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    action: p.enum(RANK_HISTORY_ACTIONS),
    ranksBefore: p.array(),
    ranksAfter: p.array(),
    reason: p.text().nullable(),
    /** Who made the change; null when the user did it themself (resign) or a grant did (its start or end). */
    by: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type RankHistory = InferEntity<typeof RankHistorySchema>;

export const ranksEntities = [RankSchema, UserRankSchema, RankHistorySchema];
