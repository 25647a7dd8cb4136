import { z } from 'zod';
import { type BanInfo, isBanActive } from '../../core/shared/ban.ts';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { type Grants, meets } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { text } from '../../core/shared/text.ts';
import type { appealsCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof appealsCatalogue>('appeals');

export const APPEAL_STATUSES = ['pending', 'accepted', 'denied'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_VOTES = ['accept', 'deny'] as const;
/** What an appeal asks to lift: a ban from the site, or the order blacklist (the bot refuses the user's orders). */
export const APPEAL_KINDS = ['ban', 'blacklist'] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];
export type AppealVoteChoice = (typeof APPEAL_VOTES)[number];

export const ANSWER_MIN = 20;
export const ANSWER_MAX = 2000;

const answer = text().trim().min(ANSWER_MIN).max(ANSWER_MAX);

/** POST /api/client/appeal: the three answers; the third may be left empty. Markdown, shown inert. */
export const CreateAppealBodySchema = z.strictObject({
  whyBanned: answer,
  whyLift: answer,
  anythingElse: text()
    .trim()
    .max(ANSWER_MAX)
    .refine(
      (value) => value === '' || value.length >= ANSWER_MIN,
      said('schema.answerTooShort', `Write at least ${ANSWER_MIN} characters, or leave it empty`, { min: ANSWER_MIN }),
    )
    .default(''),
});
export type CreateAppealBody = z.infer<typeof CreateAppealBodySchema>;

export const AppealIdParamsSchema = z.strictObject({ id: snowflakeId('Appeal') });

/** POST /api/client/appeal/{id}/vote. `force` (SUPER_ADMIN only) decides at once. */
export const AppealVoteBodySchema = z.strictObject({
  vote: z.enum(APPEAL_VOTES),
  reason: text().trim().min(1).max(1000),
  force: z.boolean().default(false),
});
export type AppealVoteBody = z.infer<typeof AppealVoteBodySchema>;

/**
 * What the Appeal Manager lists: `pending` (the open appeals, the default: §4, a completed vote removes the appeal
 * from the list), `mine` (pending, not yet voted on by the caller), the decided ones, or `all`.
 */
export const APPEAL_FILTERS = ['pending', 'mine', 'accepted', 'denied', 'all'] as const;
export type AppealFilter = (typeof APPEAL_FILTERS)[number];
export const DEFAULT_APPEAL_FILTER: AppealFilter = 'pending';

/** GET /api/client/appeal/admin/appeals?filter&search&page&pageSize: open appeals by default; pending first, newest first. */
export const AdminAppealsQuerySchema = z.strictObject({
  filter: z.enum(APPEAL_FILTERS).default(DEFAULT_APPEAL_FILTER),
  /** An exact user ID, or part of a username or display name. */
  search: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminAppealsQuery = z.infer<typeof AdminAppealsQuerySchema>;

/** The ban (or order blacklisting) an appeal is about, as it was when filed; a blacklisting never expires. */
export const AppealBanViewSchema = z.strictObject({
  reason: z.string().nullable(),
  expires: AnswerMomentSchema.nullable(),
  createdAt: AnswerMomentSchema.nullable(),
});
export type AppealBanView = z.output<typeof AppealBanViewSchema>;

/** What the appellant sees: no voter, no tally; the decision and its reason. */
export const AppealViewSchema = z.strictObject({
  id: AnswerIdSchema,
  userID: AnswerIdSchema,
  status: z.enum(APPEAL_STATUSES),
  kind: z.enum(APPEAL_KINDS),
  whyBanned: z.string(),
  whyLift: z.string(),
  anythingElse: z.string(),
  ban: AppealBanViewSchema,
  createdAt: AnswerMomentSchema,
  decidedAt: AnswerMomentSchema.nullable(),
  decisionReason: z.string().nullable(),
});
export type AppealView = z.output<typeof AppealViewSchema>;

export const AppealPersonSchema = z.strictObject({ id: AnswerIdSchema, name: z.string() });
export type AppealPerson = z.output<typeof AppealPersonSchema>;

export const AppealVoteViewSchema = z.strictObject({
  voter: AppealPersonSchema,
  vote: z.enum(APPEAL_VOTES),
  reason: z.string(),
  force: z.boolean(),
  createdAt: AnswerMomentSchema,
});
export type AppealVoteView = z.output<typeof AppealVoteViewSchema>;

/** Votes for each decision. */
const TallySchema = z.strictObject({ accept: z.int(), deny: z.int() });

/** What the Appeal Manager sees: the appellant, who banned them, every vote and the tally. */
export const AdminAppealViewSchema = AppealViewSchema.extend({
  user: AppealPersonSchema.extend({ username: z.string(), avatar: z.string().nullable() }),
  bannedBy: AppealPersonSchema.nullable(),
  votes: z.array(AppealVoteViewSchema),
  tally: TallySchema,
  votesToDecide: z.int(),
});
export type AdminAppealView = z.output<typeof AdminAppealViewSchema>;

/** A row of a list. */
export const AppealSummarySchema = z.strictObject({
  id: AnswerIdSchema,
  userID: AnswerIdSchema,
  userName: z.string(),
  status: z.enum(APPEAL_STATUSES),
  kind: z.enum(APPEAL_KINDS),
  banReason: z.string().nullable(),
  createdAt: AnswerMomentSchema,
  decidedAt: AnswerMomentSchema.nullable(),
});
export type AppealSummary = z.output<typeof AppealSummarySchema>;

/** A row of the Appeal Manager's list: the tally too. */
export const AdminAppealSummarySchema = AppealSummarySchema.extend({ tally: TallySchema });
export type AdminAppealSummary = z.output<typeof AdminAppealSummarySchema>;

/** GET /api/client/appeal/{id}/appeals: a user's appeals, newest first. */
export const AppealsResponseSchema = z.strictObject({ appeals: z.array(AppealSummarySchema) });
export type AppealsResponse = z.output<typeof AppealsResponseSchema>;

/** GET /api/client/appeal/admin/appeals: a page of the Appeal Manager's list, and how many match in all. */
export const AdminAppealsResponseSchema = z.strictObject({
  appeals: z.array(AdminAppealSummarySchema),
  totalAppeals: z.int(),
});
export type AdminAppealsResponse = z.output<typeof AdminAppealsResponseSchema>;

/** POST /api/client/appeal: 201 with the appeal filed. */
export const AppealFiledResponseSchema = z.strictObject({ appeal: AppealViewSchema });

/** GET /api/client/appeal/{id}: the appellant's view of their own appeal, the Appeal Manager's of anyone else's. */
export const AppealResponseSchema = z.strictObject({ appeal: z.union([AppealViewSchema, AdminAppealViewSchema]) });

/** Whether the caller may file now, and if not why (the create page says it). */
export type AppealEligibility =
  | { allowed: true; kind: AppealKind; reason: string | null; expires: string | null }
  | { allowed: false; reason: 'nothing_to_appeal' | 'open_appeal'; appealId?: string }
  | { allowed: false; reason: 'cooldown'; until: string };

/** POST /api/client/appeal/{id}/vote: whether this vote decided the appeal. */
export const VoteResponseSchema = z.strictObject({ completed: z.boolean() });
export type VoteResponse = z.output<typeof VoteResponseSchema>;

/** An appeal manager who is not banned themself (a banned user reaches appeal routes, but only as an appellant). */
export function isAppealManager(user: Grants & { ban: BanInfo | null }): boolean {
  return meets(user, { all: ['MANAGE_APPEALS'] }) && !isBanActive(user.ban);
}
