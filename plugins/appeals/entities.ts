import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';
import { APPEAL_KINDS, APPEAL_STATUSES, APPEAL_VOTES } from './schemas.ts';

/**
 * A user's appeal against a ban or the order blacklist (`kind`): their three answers and a snapshot of what it is
 * about, kept as it was when they filed (the ban or blacklisting itself is cleared when lifted). The `ban*` columns
 * hold that snapshot for either kind. One pending appeal per user (filing takes a lock on the user: docs/appeals.md).
 */
export const AppealSchema = defineEntity({
  name: 'Appeal',
  tableName: 'appeals',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    status: p.enum(APPEAL_STATUSES).default('pending').index(),
    kind: p.enum(APPEAL_KINDS).default('ban'),
    whyBanned: p.text(),
    whyLift: p.text(),
    anythingElse: p.text().default(''),
    banReason: p.text().nullable(),
    /** null: the ban was permanent (a blacklisting has no end). */
    banExpires: p.datetime().nullable(),
    /** Who banned or blacklisted them, and when (null for bans made before either was recorded). */
    bannedBy: p.string().nullable(),
    bannedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
    /** The deciding vote's reason: what the appellant reads as the decision's reason. */
    decisionReason: p.text().nullable(),
  },
});
export type Appeal = InferEntity<typeof AppealSchema>;

/** One manager's vote on one appeal (unique per pair: a second vote replaces the first while the appeal is pending). */
export const AppealVoteSchema = defineEntity({
  name: 'AppealVote',
  tableName: 'appeal_votes',
  uniques: [{ properties: ['appeal', 'voter'] }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    appeal: () => p.manyToOne(AppealSchema).deleteRule('cascade'),
    voter: p.string(),
    vote: p.enum(APPEAL_VOTES),
    reason: p.text(),
    force: p.boolean().default(false),
    createdAt: p.datetime(),
  },
});
export type AppealVote = InferEntity<typeof AppealVoteSchema>;

export const appealEntities = [AppealSchema, AppealVoteSchema];
