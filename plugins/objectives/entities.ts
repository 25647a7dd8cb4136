import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';
import { OBJECTIVE_SCOPES, OBJECTIVE_TYPES, REWARD_TYPES } from './schemas.ts';

/**
 * An objective: a target count of orders (prepared, delivered or either) inside a window, for everyone who holds
 * MANAGE_ORDERS (`global`) or for one user, and what it pays. The reward's columns: `rewardAmount` (VD_CURRENCY),
 * `rewardValue` (the perk, the rank's id, or CUSTOM's text), `rewardDays` (a perk or rank for N days; null: for ever).
 * Deleting one sets `deletedAt`: its claims keep their history (docs/objectives.md).
 */
export const ObjectiveSchema = defineEntity({
  name: 'Objective',
  tableName: 'objectives',
  checks: [
    { name: 'objectives_scope_user_check', expression: `("scope" = 'user') = ("user_id" is not null)` },
    { name: 'objectives_target_check', expression: '"target" > 0' },
  ],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    title: p.string().length(100),
    description: p.text(),
    scope: p.enum(OBJECTIVE_SCOPES).index(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').nullable().index(),
    type: p.enum(OBJECTIVE_TYPES),
    target: p.integer(),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
    rewardType: p.enum(REWARD_TYPES),
    rewardAmount: p.integer().nullable(),
    rewardValue: p.text().nullable(),
    rewardDays: p.integer().nullable(),
    createdBy: p.string(),
    createdAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
    deletedBy: p.string().nullable(),
  },
});
export type Objective = InferEntity<typeof ObjectiveSchema>;

/** A user's claim of an objective: one row per objective and user (the unique pair is what pays once). */
export const ObjectiveClaimSchema = defineEntity({
  name: 'ObjectiveClaim',
  tableName: 'objective_claims',
  uniques: [{ properties: ['objective', 'user'] }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    objective: () => p.manyToOne(ObjectiveSchema).deleteRule('cascade'),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    progress: p.integer(),
    claimedAt: p.datetime(),
    fulfilledAt: p.datetime().nullable(),
    fulfilledBy: p.string().nullable(),
  },
});
export type ObjectiveClaim = InferEntity<typeof ObjectiveClaimSchema>;

/**
 * That a user was told an objective became claimable (`objectiveCompleted`): one row per objective and user, taken
 * with `insert … on conflict do nothing`, so of every process that hears the same delivery one tells the user, once.
 */
export const ObjectiveCompletionSchema = defineEntity({
  name: 'ObjectiveCompletion',
  tableName: 'objective_completions',
  properties: {
    objective: () => p.manyToOne(ObjectiveSchema).primary().deleteRule('cascade').updateRule('no action'),
    user: () => p.manyToOne(UserSchema).primary().deleteRule('cascade').updateRule('no action'),
    completedAt: p.datetime(),
  },
});

export const objectiveEntities = [ObjectiveSchema, ObjectiveClaimSchema, ObjectiveCompletionSchema];
