import { z } from 'zod';
import { type BanInfo, isBanActive } from '../../core/shared/ban.ts';
import { snowflakeId } from '../../core/shared/ids.ts';
import { type Grants, meets } from '../../core/shared/permissions.ts';
import { text } from '../../core/shared/text.ts';

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
      `Write at least ${ANSWER_MIN} characters, or leave it empty`,
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
export interface AppealBanView {
  reason: string | null;
  expires: string | null;
  createdAt: string | null;
}

/** What the appellant sees: no voter, no tally; the decision and its reason. */
export interface AppealView {
  id: string;
  userID: string;
  status: AppealStatus;
  kind: AppealKind;
  whyBanned: string;
  whyLift: string;
  anythingElse: string;
  ban: AppealBanView;
  createdAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
}

export interface AppealPerson {
  id: string;
  name: string;
}

export interface AppealVoteView {
  voter: AppealPerson;
  vote: AppealVoteChoice;
  reason: string;
  force: boolean;
  createdAt: string;
}

/** What the Appeal Manager sees: the appellant, who banned them, every vote and the tally. */
export interface AdminAppealView extends AppealView {
  user: AppealPerson & { username: string; avatar: string | null };
  bannedBy: AppealPerson | null;
  votes: AppealVoteView[];
  tally: { accept: number; deny: number };
  votesToDecide: number;
}

/** A row of a list. */
export interface AppealSummary {
  id: string;
  userID: string;
  userName: string;
  status: AppealStatus;
  kind: AppealKind;
  banReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** A row of the Appeal Manager's list: the tally too. */
export interface AdminAppealSummary extends AppealSummary {
  tally: { accept: number; deny: number };
}

export interface AppealsResponse {
  appeals: AppealSummary[];
}

export interface AdminAppealsResponse {
  appeals: AdminAppealSummary[];
  totalAppeals: number;
}

/** Whether the caller may file now, and if not why (the create page says it). */
export type AppealEligibility =
  | { allowed: true; kind: AppealKind; reason: string | null; expires: string | null }
  | { allowed: false; reason: 'nothing_to_appeal' | 'open_appeal'; appealId?: string }
  | { allowed: false; reason: 'cooldown'; until: string };

export interface VoteResponse {
  completed: boolean;
}

/** An appeal manager who is not banned themself (a banned user reaches appeal routes, but only as an appellant). */
export function isAppealManager(user: Grants & { ban: BanInfo | null }): boolean {
  return meets(user, { all: ['MANAGE_APPEALS'] }) && !isBanActive(user.ban);
}
