import { z } from 'zod';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';
import type { Requirement } from '../../core/shared/permissions.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { text } from '../../core/shared/text.ts';
import { UserSummarySchema } from '../../core/shared/user-summary.ts';
import { OrderRefSchema, OrderViewSchema } from '../orders/schemas.ts';
import type { reportsCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof reportsCatalogue>('reports');

/**
 * The order reports contract (specification §3 "Order report: _id", §4 "marked completed and removed from the list",
 * §5 "eligibility is checked by orderID on the server", §7 "Order reports"), shared by the API, the service and the
 * site. Decisions: docs/reports.md.
 */

/**
 * Who may use the Report Manager (§2 sidebar: "Report Manager / Order Reports (perk FEEDBACK_BETA and
 * VIEW_BACKLOG)"): VIEW_BACKLOG and the perk, both, where §6's generic rule would let either through. The perk is
 * sold in the store, so with "or" any customer could read everyone's reports and warn staff (docs/reports.md). The
 * one requirement of its API routes, its pages' guard and its sidebar entry (index.ts's `pages`).
 */
export const REPORT_MANAGER = {
  all: ['VIEW_BACKLOG'],
  perks: ['FEEDBACK_BETA'],
  both: true,
} as const satisfies Requirement;

/** What a customer may report; TROLL_ORDER is the driver's (deliver `{report: true}`), never offered in the form. */
export const REPORT_CATEGORIES = [
  'WRONG_ITEM',
  'RUDE_MESSAGE',
  'INAPPROPRIATE_PICTURE',
  'NEVER_ARRIVED',
  'OTHER',
  'TROLL_ORDER',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const CUSTOMER_CATEGORIES = [
  'WRONG_ITEM',
  'RUDE_MESSAGE',
  'INAPPROPRIATE_PICTURE',
  'NEVER_ARRIVED',
  'OTHER',
] as const satisfies readonly ReportCategory[];
export const CATEGORY_LABELS: Record<ReportCategory, string> = {
  WRONG_ITEM: 'Wrong item',
  RUDE_MESSAGE: 'Rude message',
  INAPPROPRIATE_PICTURE: 'Inappropriate picture',
  NEVER_ARRIVED: 'Never arrived',
  OTHER: 'Other',
  TROLL_ORDER: 'Troll order (driver)',
};

/** Who filed it: the order's customer (the feedback menu) or the driver who delivered it as reported. */
export const REPORT_SOURCES = ['CUSTOMER', 'DRIVER'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];
export const REPORT_STATUSES = ['OPEN', 'COMPLETED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A customer reports an order delivered at most this many days ago. */
export const REPORT_WINDOW_DAYS = 7;
export const MIN_DETAILS_LENGTH = 10;
export const MAX_DETAILS_LENGTH = 2000;
export const MAX_OUTCOME_LENGTH = 1000;
export const MAX_WARNING_LENGTH = 500;

/** Why an order cannot be reported, in the words the form shows. */
export const INELIGIBLE = {
  not_found: 'There is no order with this ID.',
  not_your_order: 'This is not your order: you can only report orders you placed.',
  not_delivered: 'This order has not been delivered: you can report it once it is.',
  too_old: `This order was delivered more than ${REPORT_WINDOW_DAYS} days ago: it can no longer be reported.`,
  already_reported: 'You have already reported this order.',
} as const;
export type IneligibleReason = keyof typeof INELIGIBLE;

export const EligibleBodySchema = z.strictObject({ orderID: OrderRefSchema });
export type EligibleInput = z.output<typeof EligibleBodySchema>;

export const CreateReportBodySchema = z.strictObject({
  orderID: OrderRefSchema,
  category: z.enum(CUSTOMER_CATEGORIES),
  details: text()
    .trim()
    .min(
      MIN_DETAILS_LENGTH,
      said('schema.detailsTooShort', `Tell us what happened in at least ${MIN_DETAILS_LENGTH} characters.`, {
        min: MIN_DETAILS_LENGTH,
      }),
    )
    .max(
      MAX_DETAILS_LENGTH,
      said('schema.detailsTooLong', `At most ${MAX_DETAILS_LENGTH.toLocaleString('en-GB')} characters.`, {
        max: MAX_DETAILS_LENGTH,
      }),
    ),
});
export type CreateReportInput = z.output<typeof CreateReportBodySchema>;

export const REPORT_PAGE_SIZE = 25;

/** `POST /api/client/report/orders {filter, page, pageSize}`: the Report Manager's list (open by default). */
export const ReportsQueryBodySchema = z.strictObject({
  filter: z
    .strictObject({
      status: z.enum(REPORT_STATUSES).default('OPEN'),
      category: z.enum(REPORT_CATEGORIES).optional(),
      /** Reports on orders this user prepared. */
      chef: snowflakeId('User').optional(),
      /** Reports on orders this user delivered. */
      driver: snowflakeId('User').optional(),
    })
    .default({ status: 'OPEN' }),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(REPORT_PAGE_SIZE),
});
export type ReportsQuery = z.output<typeof ReportsQueryBodySchema>;
export type ReportsFilter = ReportsQuery['filter'];

export const ReportIdParamsSchema = z.strictObject({ id: snowflakeId('Report') });

export const CompleteReportBodySchema = z.strictObject({
  outcome: text()
    .trim()
    .min(3, said('schema.outcomeTooShort', 'Say what was done, in at least 3 characters.', { min: 3 }))
    .max(MAX_OUTCOME_LENGTH),
});
export type CompleteReportInput = z.output<typeof CompleteReportBodySchema>;

export const WARN_TARGETS = ['chef', 'driver'] as const;
export type WarnTarget = (typeof WARN_TARGETS)[number];
export const WarnBodySchema = z.strictObject({
  target: z.enum(WARN_TARGETS),
  reason: text()
    .trim()
    .min(3, said('schema.warningReasonTooShort', 'A warning needs a reason of at least 3 characters.', { min: 3 }))
    .max(MAX_WARNING_LENGTH),
});
export type WarnInput = z.output<typeof WarnBodySchema>;

/** A warning given from a report (the warning itself lives in the users plugin). */
export const ReportWarningSchema = z.strictObject({
  target: z.enum(WARN_TARGETS),
  userId: AnswerIdSchema,
  warningId: AnswerIdSchema,
  reason: z.string(),
  by: AnswerIdSchema,
  at: AnswerMomentSchema,
});
export type ReportWarning = z.output<typeof ReportWarningSchema>;

export const ReportViewSchema = z.strictObject({
  _id: AnswerIdSchema,
  source: z.enum(REPORT_SOURCES),
  category: z.enum(REPORT_CATEGORIES),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporter: UserSummarySchema,
  order: z.strictObject({
    id: AnswerIdSchema,
    orderID: z.string(),
    item: z.string(),
    orderedBy: UserSummarySchema,
    chef: UserSummarySchema.nullable(),
    driver: UserSummarySchema.nullable(),
    deliveredAt: AnswerMomentSchema.nullable(),
  }),
  outcome: z.string().nullable(),
  completedBy: UserSummarySchema.nullable(),
  completedAt: AnswerMomentSchema.nullable(),
  warnings: z.array(ReportWarningSchema),
  createdAt: AnswerMomentSchema,
});
export type ReportView = z.output<typeof ReportViewSchema>;

/** One report: filed, warned about, completed. */
export const ReportResponseSchema = z.strictObject({ report: ReportViewSchema });

export const ReportsResponseSchema = z.strictObject({ reports: z.array(ReportViewSchema), total: z.int().min(0) });
export type ReportsResponse = z.output<typeof ReportsResponseSchema>;

export const EligibleResponseSchema = z.strictObject({
  eligible: z.boolean(),
  reason: z.enum(Object.keys(INELIGIBLE) as [IneligibleReason, ...IneligibleReason[]]).nullable(),
  message: z.string().nullable(),
  /** The order, when it is the caller's: what the form shows above the category. */
  order: z
    .strictObject({ orderID: z.string(), item: z.string(), deliveredAt: AnswerMomentSchema.nullable() })
    .nullable(),
});
export type EligibleResponse = z.output<typeof EligibleResponseSchema>;

/** One report as the Report Manager's detail page shows it. */
export const ReportDetailSchema = z.strictObject({
  report: ReportViewSchema,
  order: OrderViewSchema,
  /** The driver's delivery message (their saved one: orders keep no copy of the text sent), or null. */
  deliveryMessage: z.string().nullable(),
  /** Earlier reports about orders of the same customer. */
  customerReports: z.array(ReportViewSchema),
  /** Earlier reports about orders the same chef prepared or the same driver delivered. */
  staffReports: z.array(ReportViewSchema),
});
export type ReportDetail = z.output<typeof ReportDetailSchema>;
