import { z } from 'zod';
import { addDays, dayOf } from '../../core/shared/days.ts';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { intlTag } from '../../core/shared/intl-tag.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { text } from '../../core/shared/text.ts';
import { type UserSummary, UserSummarySchema } from '../../core/shared/user-summary.ts';
import { UserIdSchema } from '../users/schemas.ts';
import type { onleaveCatalogue } from './i18n/index.ts';

/**
 * The on-leave contract (specification §3 "On-leave request: _id, status", §7 "On leave"), shared by the API, the
 * service and the site. Dates are calendar days in UTC (`YYYY-MM-DD`), both ends included: a request from
 * 2026-12-01 until 2026-12-03 is three days away.
 */
export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'DENIED', 'CANCELLED'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** How far ahead `until` may be: at most this many days after today. */
export const MAX_DAYS_AHEAD = 90;
export const MAX_REASON_LENGTH = 500;
export const MIN_REASON_LENGTH = 3;
export const MAX_NOTE_LENGTH = 500;

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof onleaveCatalogue>('onleave');

const day = z.iso.date(said('schema.date', 'A date is YYYY-MM-DD'));

/** `{request: {from, until, reason}}`: what a member asks for (or a manager enters for someone). */
export const LeaveRequestBodySchema = z.strictObject({
  request: z
    .strictObject({
      from: day,
      until: day,
      reason: text()
        .trim()
        .min(
          MIN_REASON_LENGTH,
          said('schema.reasonTooShort', `A reason is at least ${MIN_REASON_LENGTH} characters.`, {
            min: MIN_REASON_LENGTH,
          }),
        )
        .max(MAX_REASON_LENGTH),
    })
    .refine((r) => r.until >= r.from, {
      ...said('schema.untilBeforeFrom', 'The last day of leave cannot be before the first.'),
      path: ['until'],
    }),
});
export type LeaveRequestInput = z.infer<typeof LeaveRequestBodySchema>['request'];

/** POST …/{id}/update-status: a manager approves or denies a pending request, with a note the member reads. */
export const UpdateLeaveStatusBodySchema = z.strictObject({
  status: z.enum(['APPROVED', 'DENIED']),
  note: text().trim().min(1, said('schema.noteRequired', 'A note is required.')).max(MAX_NOTE_LENGTH),
});
export type UpdateLeaveStatusInput = z.infer<typeof UpdateLeaveStatusBodySchema>;

/** GET /api/client/onleave/requests?query: without MANAGE_ON_LEAVE_REQUESTS only `user` = oneself (the default). */
export const LeaveRequestsQuerySchema = z.strictObject({
  status: z.enum(LEAVE_STATUSES).optional(),
  user: UserIdSchema.optional(),
  sort: z.enum(['createdAt', 'from']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type LeaveRequestsQuery = z.output<typeof LeaveRequestsQuerySchema>;

export const LeaveIdParamsSchema = z.strictObject({ id: snowflakeId('Leave request') });
export const LeaveUserParamsSchema = z.strictObject({ userId: UserIdSchema });

export const LeavePersonSchema = UserSummarySchema;
export type LeavePerson = UserSummary;

export const LeaveRequestViewSchema = z.strictObject({
  _id: AnswerIdSchema,
  status: z.enum(LEAVE_STATUSES),
  user: LeavePersonSchema,
  from: z.iso.date(),
  until: z.iso.date(),
  reason: z.string(),
  /** Who entered it: the member themself, or the manager who created it for them. */
  createdBy: AnswerIdSchema,
  /** The manager who approved or denied it, or whoever cancelled it. */
  decidedBy: AnswerIdSchema.nullable(),
  /** The manager's note (approve/deny); the member reads it. */
  note: z.string().nullable(),
  decidedAt: AnswerMomentSchema.nullable(),
  createdAt: AnswerMomentSchema,
  /** In a manager's list: whether they may decide or cancel it (they outrank the member, who is not themself). */
  manageable: z.boolean().optional(),
});
export type LeaveRequestView = z.output<typeof LeaveRequestViewSchema>;

/** Submitting, creating for someone, cancelling, deciding: the request as it now stands. */
export const LeaveRequestResponseSchema = z.strictObject({ request: LeaveRequestViewSchema });

/** GET /api/client/onleave/requests: one page of requests and how many match in all. */
export const LeaveRequestsResponseSchema = z.strictObject({
  requests: z.array(LeaveRequestViewSchema),
  total: z.int().min(0),
});
export type LeaveRequestsResponse = z.output<typeof LeaveRequestsResponseSchema>;

/** `2026-12-03` → `3 December 2026`: a leave day as people read it (UTC, so the day never shifts). */
export function formatLeaveDay(day: string, locale: string = 'en'): string {
  // English as the specification writes it (1 December 2026); another language as it writes a date.
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlTag(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export { addDays, dayOf };

/** A request's days as lists show them: `1 December 2026 – 3 December 2026`, or the one day. */
export function leaveDays(request: { from: string; until: string }, locale = 'en'): string {
  return request.from === request.until
    ? formatLeaveDay(request.from, locale)
    : `${formatLeaveDay(request.from, locale)} – ${formatLeaveDay(request.until, locale)}`;
}
