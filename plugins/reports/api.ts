import { requirePermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import type { ReportManagerService } from './manager.ts';
import {
  CompleteReportBodySchema,
  CreateReportBodySchema,
  EligibleBodySchema,
  EligibleResponseSchema,
  REPORT_MANAGER,
  ReportDetailSchema,
  ReportIdParamsSchema,
  ReportResponseSchema,
  ReportsQueryBodySchema,
  ReportsResponseSchema,
  WarnBodySchema,
} from './schemas.ts';
import type { ReportFilingService } from './service.ts';

/** The feedback menu: perk FEEDBACK_BETA (specification §2). */
const feedback = requirePermissions({ perks: ['FEEDBACK_BETA'] });
/** The Report Manager: VIEW_BACKLOG and the perk, both (schemas.ts, docs/reports.md). */
const manager = requirePermissions(REPORT_MANAGER);

/** Specification §7 "Order reports", plus the warn action of issue 15. */
export function reportsRoutes(app: App, filing: ReportFilingService, reports: ReportManagerService): void {
  app.post(
    '/api/client/report/order/eligible',
    { onRequest: feedback, schema: { body: EligibleBodySchema, response: { 200: EligibleResponseSchema } } },
    async (request) => filing.eligible(request.user!, request.body.orderID),
  );
  app.post(
    '/api/client/report/order',
    {
      onRequest: feedback,
      config: {
        openapi: {
          responses: {
            '404': 'No order has this ID or order code.',
            '409': 'The order is not delivered yet, was delivered too long ago, or the caller already reported it.',
          },
        },
      },
      schema: { body: CreateReportBodySchema, response: { 201: ReportResponseSchema } },
    },
    async (request, reply) => {
      const report = await filing.create(request.user!, request.body);
      return reply.code(201).send({ report });
    },
  );
  app.post(
    '/api/client/report/orders',
    { onRequest: manager, schema: { body: ReportsQueryBodySchema, response: { 200: ReportsResponseSchema } } },
    async (request) => reports.list(request.body),
  );
  app.get(
    '/api/client/report/orders/:id',
    {
      onRequest: manager,
      config: { openapi: { responses: { '404': 'No report has this ID.' } } },
      schema: { params: ReportIdParamsSchema, response: { 200: ReportDetailSchema } },
    },
    async (request) => reports.detail(request.params.id),
  );
  app.post(
    '/api/client/report/orders/:id/warn',
    {
      onRequest: manager,
      config: {
        openapi: {
          responses: { '409': 'The report is already completed, or its order has no chef or driver to warn.' },
        },
      },
      schema: { params: ReportIdParamsSchema, body: WarnBodySchema, response: { 200: ReportResponseSchema } },
    },
    async (request) => ({
      report: await reports.warn(request.user!, request.params.id, request.body),
    }),
  );
  app.post(
    '/api/client/report/orders/:id/completed',
    {
      onRequest: manager,
      config: {
        openapi: { responses: { '404': 'No report has this ID.', '409': 'The report is already completed.' } },
      },
      schema: { params: ReportIdParamsSchema, body: CompleteReportBodySchema, response: { 200: ReportResponseSchema } },
    },
    async (request) => ({
      report: await reports.complete(request.user!, request.params.id, request.body),
    }),
  );
}
