import { requirePermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import {
  ManagementStatisticsQuerySchema,
  ManagementStatisticsRecordResponseSchema,
  ManagementStatisticsResponseSchema,
  StatisticsIdParamsSchema,
} from './schemas.ts';
import type { StatisticsService } from './service.ts';

const manage = requirePermissions({ all: ['MANAGE_MANAGEMENT_STATISTICS'] });
/** One record: a member their own (VIEW_MANAGEMENT_STATISTICS), a manager anyone's (the service scopes it). */
const either = requirePermissions({ any: ['VIEW_MANAGEMENT_STATISTICS', 'MANAGE_MANAGEMENT_STATISTICS'] });

/** Specification §7 "Statistics". */
export function statisticsRoutes(app: App, statistics: StatisticsService): void {
  app.get(
    '/api/client/statistics/management',
    {
      onRequest: manage,
      schema: { querystring: ManagementStatisticsQuerySchema, response: { 200: ManagementStatisticsResponseSchema } },
    },
    async (request) => statistics.list(request.query),
  );
  app.get(
    '/api/client/statistics/management/:id',
    {
      onRequest: either,
      config: {
        openapi: {
          responses: {
            '404':
              'No user has the record’s user ID, or its week is closed and no record of this member was stored for it.',
          },
        },
      },
      schema: { params: StatisticsIdParamsSchema, response: { 200: ManagementStatisticsRecordResponseSchema } },
    },
    async (request) => ({
      statistics: await statistics.record(request.user!, request.params.id),
    }),
  );
  app.delete(
    '/api/client/statistics/management/:id',
    {
      onRequest: manage,
      config: { openapi: { responses: { '404': 'No stored record has this ID.' } } },
      schema: { params: StatisticsIdParamsSchema, response: { 200: ManagementStatisticsRecordResponseSchema } },
    },
    async (request) => ({
      statistics: await statistics.remove(request.user!, request.params.id),
    }),
  );
}
