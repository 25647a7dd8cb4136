import { z } from 'zod';
import { addDays, dayOf } from '../../core/shared/days.ts';
import { ID_DIGITS } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { text } from '../../core/shared/text.ts';
import { type UserSummary, UserSummarySchema } from '../../core/shared/user-summary.ts';
import type { statisticsCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof statisticsCatalogue>('statistics');

/**
 * The management statistics contract (specification §3 "management statistics (_id)", §7 Statistics), shared by the
 * API, the service and the site. Periods are UTC: a day, an ISO week (Monday to Sunday) or a calendar month.
 * docs/statistics.md.
 */
export const STATISTICS_PERIODS = ['day', 'week', 'month'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];

/** The figures of one member in one period; every list and chart sorts by one of these (or the name). */
export const STATISTICS_FIGURES = [
  'claimed',
  'prepared',
  'delivered',
  'reported',
  'claimsExpired',
  'avgClaimToPreparedS',
  'avgReadyToDeliveredS',
  'leaveDays',
  'applicationsReviewed',
  'appealVotes',
] as const;
export type StatisticsFigure = (typeof STATISTICS_FIGURES)[number];
export const STATISTICS_SORTS = ['name', ...STATISTICS_FIGURES] as const;
export type StatisticsSort = (typeof STATISTICS_SORTS)[number];

/** How each figure is called on screen and in the CSV's header. */
export const FIGURE_LABELS: Record<StatisticsFigure, string> = {
  claimed: 'Claimed',
  prepared: 'Prepared',
  delivered: 'Delivered',
  reported: 'Reported',
  claimsExpired: 'Claims expired',
  avgClaimToPreparedS: 'Claim to prepared',
  avgReadyToDeliveredS: 'Ready to delivered',
  leaveDays: 'Days on leave',
  applicationsReviewed: 'Applications reviewed',
  appealVotes: 'Appeal votes',
};

const day = z.iso.date(said('schema.date', 'A date is YYYY-MM-DD'));

/** GET /api/client/statistics/management: every member's record for the period that holds `date` (default today). */
export const ManagementStatisticsQuerySchema = z.strictObject({
  period: z.enum(STATISTICS_PERIODS).default('week'),
  date: day.optional(),
  sort: z.enum(STATISTICS_SORTS).default('delivered'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ManagementStatisticsQuery = z.output<typeof ManagementStatisticsQuerySchema>;

/**
 * A record's `_id` names it: `<member>-<period>-<first day>`, e.g. `1100000000000000004-week-2026-11-16`. The same
 * id reads the live record of an open period and the stored snapshot of a closed week.
 */
export const RECORD_ID = new RegExp(`^(${ID_DIGITS})-(day|week|month)-(\\d{4}-\\d{2}-\\d{2})$`);
export const StatisticsIdParamsSchema = z.strictObject({
  id: text()
    .regex(RECORD_ID, said('schema.recordId', 'A statistics ID is <user ID>-<day|week|month>-<YYYY-MM-DD>'))
    .refine(
      (id) => {
        const [, , period, start] = RECORD_ID.exec(id) ?? [];
        return Boolean(
          start &&
            !Number.isNaN(Date.parse(`${start}T00:00:00Z`)) &&
            periodOf(period as StatisticsPeriod, start).from === start,
        );
      },
      said(
        'schema.periodStart',
        'The date must be the first day of its period (a Monday for a week, the 1st for a month)',
      ),
    ),
});

export function recordId(userId: string, period: StatisticsPeriod, from: string): string {
  return `${userId}-${period}-${from}`;
}

export function parseRecordId(id: string): { userId: string; period: StatisticsPeriod; from: string } | null {
  const match = RECORD_ID.exec(id);
  return match ? { userId: match[1]!, period: match[2] as StatisticsPeriod, from: match[3]! } : null;
}

/** A member as the statistics name them (Unknown user when the account is gone). */
export const StatisticsPersonSchema = UserSummarySchema;
export type StatisticsPerson = UserSummary;

/** An average in seconds; null when there is nothing to average. */
const seconds = z.number().nullable();

/** What is counted of a member in a period. */
export const StatisticsFiguresSchema = z.strictObject({
  /** Claims the member made in the period: orders still carrying their claim, and claims of theirs that expired. */
  claimed: z.int(),
  /** Orders they prepared (moved to cooking) in the period. */
  prepared: z.int(),
  /** Orders they delivered in the period, reported ones apart. */
  delivered: z.int(),
  /** Orders they closed as reported (troll or invalid) in the period. */
  reported: z.int(),
  /** Their claims that expired (the sweeper took the order back) in the period. */
  claimsExpired: z.int(),
  /** Average seconds from claiming to preparing, over the orders they prepared; null when none. */
  avgClaimToPreparedS: seconds,
  /** Average seconds from ready to delivered, over the orders they delivered; null when none. */
  avgReadyToDeliveredS: seconds,
  /** Days of approved leave inside the period. */
  leaveDays: z.int(),
  /** Applications whose status they changed in the period. */
  applicationsReviewed: z.int(),
  /** Appeals they voted on in the period. */
  appealVotes: z.int(),
});
export type StatisticsFigures = z.output<typeof StatisticsFiguresSchema>;

/** One member's figures in one period. */
export const ManagementStatisticsRecordSchema = StatisticsFiguresSchema.extend({
  /** The record's ID: `<member>-<period>-<first day>` (RECORD_ID). */
  _id: z.string().regex(RECORD_ID),
  user: StatisticsPersonSchema,
  period: z.enum(STATISTICS_PERIODS),
  /** First and last day of the period, both included (UTC). */
  from: day,
  until: day,
  /** `snapshot`: stored when its week closed; `live`: counted now from the orders. */
  source: z.enum(['live', 'snapshot']),
  snapshotAt: AnswerMomentSchema.nullable(),
});
export type ManagementStatisticsRecord = z.output<typeof ManagementStatisticsRecordSchema>;

export const PeriodViewSchema = z.strictObject({
  period: z.enum(STATISTICS_PERIODS),
  from: day,
  until: day,
  /** Whether the period has ended (a closed week is read from its snapshots). */
  closed: z.boolean(),
});
export type PeriodView = z.output<typeof PeriodViewSchema>;

/** GET /api/client/statistics/management: the period, and every member's record in it. */
export const ManagementStatisticsResponseSchema = z.strictObject({
  period: PeriodViewSchema,
  statistics: z.array(ManagementStatisticsRecordSchema),
});
export type ManagementStatisticsResponse = z.output<typeof ManagementStatisticsResponseSchema>;

/** GET and DELETE /api/client/statistics/management/{id}: the record read, or the snapshot removed. */
export const ManagementStatisticsRecordResponseSchema = z.strictObject({
  statistics: ManagementStatisticsRecordSchema,
});

/** One day of the kitchen (or of one member): the charts' points. */
export interface DayFigures {
  day: string;
  ordered: number;
  prepared: number;
  delivered: number;
  reported: number;
  avgReadyToDeliveredS: number | null;
}

export { addDays, dayOf };

/** The period of kind `period` that holds `day`: its first and last day. */
export function periodOf(period: StatisticsPeriod, day: string): { from: string; until: string } {
  if (period === 'day') return { from: day, until: day };
  if (period === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const from = addDays(day, -weekday);
    return { from, until: addDays(from, 6) };
  }
  const from = `${day.slice(0, 7)}-01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, until: addDays(dayOf(next.getTime()), -1) };
}

/** `2026-11-16` → `16 Nov 2026` (UTC). */
export function formatDay(
  day: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
}

/** How a period is called on screen: `Wednesday 25 Nov 2026`, `Week of 23 Nov 2026`, `November 2026`. */
export function periodLabel(view: Pick<PeriodView, 'period' | 'from'>): string {
  if (view.period === 'day')
    return formatDay(view.from, { weekday: 'long', day: 'numeric', month: 'short', year: 'numeric' });
  if (view.period === 'week') return `Week of ${formatDay(view.from)}`;
  return formatDay(view.from, { month: 'long', year: 'numeric' });
}
