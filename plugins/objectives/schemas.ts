import { z } from 'zod';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { PERKS, type Requirement } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { displayName, text } from '../../core/shared/text.ts';
import { type UserSummary, UserSummarySchema } from '../../core/shared/user-summary.ts';
import { MAX_COINS } from '../store/schemas.ts';
import { UserIdSchema } from '../users/schemas.ts';
import type { objectivesCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof objectivesCatalogue>('objectives');

/**
 * The objectives contract (specification §3 "Objective", §5, §7 "Objectives"; docs/objectives.md), shared by the
 * API, the service and the site. No entities, services or database here.
 */
export const OBJECTIVE_SCOPES = ['global', 'user'] as const;
export type ObjectiveScope = (typeof OBJECTIVE_SCOPES)[number];

export const OBJECTIVE_TYPES = ['ORDER_TARGET_PREPARED', 'ORDER_TARGET_DELIVERED', 'ORDER_TARGET_TOTAL'] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];

export const REWARD_TYPES = ['VD_CURRENCY', 'VD_PERK', 'VD_RANK', 'CUSTOM'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/**
 * §6 "admin-only": objective create, edit, delete. There is no objectives permission; management that reads staff
 * performance (MANAGE_MANAGEMENT_STATISTICS, the Director rank) sets staff targets. SUPER_ADMIN passes every check.
 */
export const OBJECTIVE_ADMIN: Requirement = { all: ['MANAGE_MANAGEMENT_STATISTICS'] };
/** Who a global objective is for: everyone the MANAGE_ORDERS check passes (the kitchen and its drivers). */
export const GLOBAL_AUDIENCE: Requirement = { all: ['MANAGE_ORDERS'] };

export const MAX_TITLE_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_TARGET = 100_000;
export const MAX_REWARD_DAYS = 365;
export const MAX_CUSTOM_REWARD_LENGTH = 200;

const moment = z.iso.datetime({ offset: true, ...said('schema.moment', 'A moment is an ISO date and time') });

const days = z.number().int().min(1).max(MAX_REWARD_DAYS).nullable();
/**
 * A reward: `type` and the one field it needs (`amount` coins, `perk`, `rankId`, or CUSTOM's `text`), plus `days`
 * for a perk or rank given for a time. One object rather than a union per type, so a bad field is named by its path.
 */
export const RewardSchema = z
  .strictObject({
    type: z.enum(REWARD_TYPES),
    amount: z
      .number()
      .int()
      .min(1, said('schema.rewardAmount', 'A reward is at least 1 coin.'))
      .max(MAX_COINS)
      .optional(),
    perk: z.enum(PERKS).optional(),
    rankId: snowflakeId('Rank').optional(),
    days: days.optional(),
    text: text()
      .trim()
      .min(3, said('schema.rewardText', 'Say what the reward is (at least 3 characters).', { min: 3 }))
      .max(MAX_CUSTOM_REWARD_LENGTH)
      .optional(),
  })
  .superRefine((r, ctx) => {
    const needs = { VD_CURRENCY: 'amount', VD_PERK: 'perk', VD_RANK: 'rankId', CUSTOM: 'text' } as const;
    const field = needs[r.type];
    if (r[field] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: said.text('schema.rewardNeeds', `A ${r.type} reward needs its ${field}.`, { type: r.type, field }),
      });
    for (const other of ['amount', 'perk', 'rankId', 'text'] as const) {
      if (other !== field && r[other] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [other],
          message: said.text('schema.rewardHasNo', `A ${r.type} reward has no ${other}.`, {
            type: r.type,
            field: other,
          }),
        });
    }
    if (r.days != null && r.type !== 'VD_PERK' && r.type !== 'VD_RANK')
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: said.text('schema.rewardDays', 'Only a perk or a rank is given for a number of days.'),
      });
  });
export type RewardInput = z.output<typeof RewardSchema>;

/** POST /api/client/objectives/: a new objective. `from`/`until` null: open-ended on that side. */
export const CreateObjectiveBodySchema = z
  .strictObject({
    title: displayName({ what: said.phrase('schema.name.title', 'A title'), min: 3, max: MAX_TITLE_LENGTH }),
    description: text().trim().max(MAX_DESCRIPTION_LENGTH).default(''),
    scope: z.enum(OBJECTIVE_SCOPES),
    userId: UserIdSchema.nullable().default(null),
    type: z.enum(OBJECTIVE_TYPES),
    target: z.number().int().min(1, said('schema.target', 'The target is at least 1 order.')).max(MAX_TARGET),
    from: moment.nullable().default(null),
    until: moment.nullable().default(null),
    reward: RewardSchema,
  })
  .refine((o) => (o.scope === 'user') === (o.userId !== null), {
    ...said('schema.scopeUser', 'A personal objective names its user; a global one names none.'),
    path: ['userId'],
  })
  .refine((o) => !o.from || !o.until || Date.parse(o.until) > Date.parse(o.from), {
    ...said('schema.untilAfterFrom', 'The objective must end after it starts.'),
    path: ['until'],
  });
export type CreateObjectiveInput = z.output<typeof CreateObjectiveBodySchema>;

export const ObjectiveIdParamsSchema = z.strictObject({ id: snowflakeId('Objective') });
/** `claims/{id}/fulfil`: a claim's id. */
export const ClaimIdParamsSchema = z.strictObject({ id: snowflakeId('Claim') });
/** §5: `GET /api/client/objectives/user/{userId}` answers 400 'User ID is not a snowflake' for anything else. */
export const ObjectiveUserParamsSchema = z.strictObject({ userId: UserIdSchema });
/** `claimed/{id}`: the id is the user's (their claims, with when). */
export const ClaimedParamsSchema = z.strictObject({ id: UserIdSchema });

/** GET /api/client/objectives?global=true: the global objectives; without it, every objective (admins). */
export const ObjectivesQuerySchema = z.strictObject({
  global: z.enum(['true', 'false']).optional(),
  /** Admins: the deleted ones too (their claims' history). */
  deleted: z.enum(['true', 'false']).optional(),
});
export type ObjectivesQuery = z.output<typeof ObjectivesQuerySchema>;

/** GET /api/client/objectives/audience: the create form's preview of who an objective applies to. */
export const AudienceQuerySchema = z.strictObject({ scope: z.enum(OBJECTIVE_SCOPES), userId: UserIdSchema.optional() });
export type AudienceQuery = z.output<typeof AudienceQuerySchema>;

export const ClaimsQuerySchema = z.strictObject({ pending: z.enum(['true', 'false']).optional() });

export const ObjectivePersonSchema = UserSummarySchema;
export type ObjectivePerson = UserSummary;

export const RewardViewSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('VD_CURRENCY'), amount: z.int() }),
  z.strictObject({ type: z.literal('VD_PERK'), perk: z.string(), days: z.int().nullable() }),
  z.strictObject({
    type: z.literal('VD_RANK'),
    rankId: AnswerIdSchema,
    rankName: z.string().nullable(),
    days: z.int().nullable(),
  }),
  z.strictObject({ type: z.literal('CUSTOM'), text: z.string() }),
]);
export type RewardView = z.output<typeof RewardViewSchema>;

export const ObjectiveViewSchema = z.strictObject({
  _id: AnswerIdSchema,
  title: z.string(),
  description: z.string(),
  scope: z.enum(OBJECTIVE_SCOPES),
  /** scope user: whose it is. */
  user: ObjectivePersonSchema.nullable(),
  type: z.enum(OBJECTIVE_TYPES),
  target: z.int(),
  from: AnswerMomentSchema.nullable(),
  until: AnswerMomentSchema.nullable(),
  reward: RewardViewSchema,
  createdBy: AnswerIdSchema,
  createdAt: AnswerMomentSchema,
  deletedAt: AnswerMomentSchema.nullable(),
});
export type ObjectiveView = z.output<typeof ObjectiveViewSchema>;

export const ClaimViewSchema = z.strictObject({
  _id: AnswerIdSchema,
  objectiveId: AnswerIdSchema,
  userId: AnswerIdSchema,
  /** Orders counted when it was claimed. */
  progress: z.int(),
  claimedAt: AnswerMomentSchema,
  /** CUSTOM rewards: when a manager marked it fulfilled. */
  fulfilledAt: AnswerMomentSchema.nullable(),
  fulfilledBy: AnswerIdSchema.nullable(),
});
export type ClaimView = z.output<typeof ClaimViewSchema>;

/** An objective as it stands for one user. */
export const ObjectiveProgressViewSchema = ObjectiveViewSchema.extend({
  progress: z.int(),
  /** Complete and not claimed yet. */
  claimable: z.boolean(),
  claim: ClaimViewSchema.nullable(),
});
export type ObjectiveProgressView = z.output<typeof ObjectiveProgressViewSchema>;

export const ClaimedObjectiveViewSchema = ClaimViewSchema.extend({
  objective: ObjectiveViewSchema,
  user: ObjectivePersonSchema.nullable(),
});
export type ClaimedObjectiveView = z.output<typeof ClaimedObjectiveViewSchema>;

export const ClaimResponseSchema = z.strictObject({
  completed: z.literal(true),
  claim: ClaimViewSchema,
  /** VD_CURRENCY: the user's balance after the reward. */
  balance: z.int().nullable(),
});
export type ClaimResponse = z.output<typeof ClaimResponseSchema>;

export const AudienceResponseSchema = z.strictObject({
  scope: z.enum(OBJECTIVE_SCOPES),
  /** global: how many people it applies to now. */
  count: z.int().min(0),
  /** user: who. */
  user: ObjectivePersonSchema.nullable(),
});
export type AudienceResponse = z.output<typeof AudienceResponseSchema>;

/** Listing objectives (the admin's list, or the caller's). */
export const ObjectivesResponseSchema = z.strictObject({ objectives: z.array(ObjectiveViewSchema) });
/** Creating or deleting one: `completed` as the specification words it. */
export const ObjectiveChangedResponseSchema = z.strictObject({
  completed: z.literal(true),
  objective: ObjectiveViewSchema,
});
/** A user's objectives with their progress. */
export const ObjectivesProgressResponseSchema = z.strictObject({ objectives: z.array(ObjectiveProgressViewSchema) });
/** One objective with the caller's progress. */
export const ObjectiveProgressResponseSchema = z.strictObject({ objective: ObjectiveProgressViewSchema });
/** Claims with their objectives and users. */
export const ClaimsResponseSchema = z.strictObject({ claims: z.array(ClaimedObjectiveViewSchema) });
/** A CUSTOM claim marked fulfilled. */
export const FulfilledClaimResponseSchema = z.strictObject({ claim: ClaimedObjectiveViewSchema });

/** The gateway's `objectiveCompleted` data: sent to the user's own sockets when an objective becomes claimable. */
export interface ObjectiveCompletedData {
  objectiveId: string;
  title: string;
  progress: number;
  target: number;
  reward: RewardView;
}

const TYPE_VERB: Record<ObjectiveType, string> = {
  ORDER_TARGET_PREPARED: 'Prepare',
  ORDER_TARGET_DELIVERED: 'Deliver',
  ORDER_TARGET_TOTAL: 'Prepare or deliver',
};

/** `Deliver 3 orders`: what an objective asks, in words. */
export function objectiveGoal(o: { type: ObjectiveType; target: number }): string {
  return `${TYPE_VERB[o.type]} ${o.target.toLocaleString('en')} ${o.target === 1 ? 'order' : 'orders'}`;
}

/** `500 coins`, `The Feedback beta perk for 7 days`: what an objective pays, in words (`perkName`: the site's labels). */
export function rewardText(reward: RewardView, perkName: (perk: string) => string = (perk) => perk): string {
  const days = (d: number | null) => (d ? ` for ${d} ${d === 1 ? 'day' : 'days'}` : '');
  switch (reward.type) {
    case 'VD_CURRENCY':
      return `${reward.amount.toLocaleString('en')} ${reward.amount === 1 ? 'coin' : 'coins'}`;
    case 'VD_PERK':
      return `The ${perkName(reward.perk)} perk${days(reward.days)}`;
    case 'VD_RANK':
      return `The ${reward.rankName ?? 'unknown'} rank${days(reward.days)}`;
    case 'CUSTOM':
      return reward.text;
  }
}
