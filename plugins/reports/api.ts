import { requirePermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import type { ReportManagerService } from './manager.ts';
import {
  CompleteReportBodySchema,
  CreateReportBodySchema,
  EligibleBodySchema,
  type EligibleResponse,
  REPORT_MANAGER,
  type ReportDetail,
  ReportIdParamsSchema,
  ReportsQueryBodySchema,
  type ReportsResponse,
  type ReportView,
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
    { onRequest: feedback, schema: { body: EligibleBodySchema } },
    async (request): Promise<EligibleResponse> => filing.eligible(request.user!, request.body.orderID),
  );
  app.post(
    '/api/client/report/order',
    { onRequest: feedback, schema: { body: CreateReportBodySchema } },
    async (request, reply): Promise<{ report: ReportView }> => {
      const report = await filing.create(request.user!, request.body);
      return reply.code(201).send({ report });
    },
  );
  app.post(
    '/api/client/report/orders',
    { onRequest: manager, schema: { body: ReportsQueryBodySchema } },
    async (request): Promise<ReportsResponse> => reports.list(request.body),
  );
  app.get(
    '/api/client/report/orders/:id',
    { onRequest: manager, schema: { params: ReportIdParamsSchema } },
    async (request): Promise<ReportDetail> => reports.detail(request.params.id),
  );
  app.post(
    '/api/client/report/orders/:id/warn',
    { onRequest: manager, schema: { params: ReportIdParamsSchema, body: WarnBodySchema } },
    async (request): Promise<{ report: ReportView }> => ({
      report: await reports.warn(request.user!, request.params.id, request.body),
    }),
  );
  app.post(
    '/api/client/report/orders/:id/completed',
    { onRequest: manager, schema: { params: ReportIdParamsSchema, body: CompleteReportBodySchema } },
    async (request): Promise<{ report: ReportView }> => ({
      report: await reports.complete(request.user!, request.params.id, request.body),
    }),
  );
}
