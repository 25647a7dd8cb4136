import { requireAuth, requirePermissions, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import { UserIdParamsSchema } from '../users/schemas.ts';
import {
  AdminAppealsQuerySchema,
  type AdminAppealsResponse,
  type AdminAppealView,
  AppealIdParamsSchema,
  type AppealsResponse,
  type AppealView,
  AppealVoteBodySchema,
  CreateAppealBodySchema,
  type VoteResponse,
} from './schemas.ts';
import type { AppealsService } from './service.ts';

const manageAppeals = requirePermissions({ all: ['MANAGE_APPEALS'] });

/** §7 Appeals. A banned user reaches their own (allowBanned); the service decides what each caller sees. */
export function appealsRoutes(app: App, appeals: AppealsService): void {
  app.post(
    '/api/client/appeal',
    { onRequest: requireAuth({ allowBanned: true }), schema: { body: CreateAppealBodySchema } },
    async (request, reply): Promise<{ appeal: AppealView }> => {
      const appeal = await appeals.file(request.user!, request.body);
      return reply.code(201).send({ appeal });
    },
  );

  app.get(
    '/api/client/appeal/admin/appeals',
    { onRequest: manageAppeals, schema: { querystring: AdminAppealsQuerySchema } },
    async (request): Promise<AdminAppealsResponse> => appeals.search(request.user!, request.query),
  );

  app.get(
    '/api/client/appeal/:id',
    { onRequest: requireAuth({ allowBanned: true }), schema: { params: AppealIdParamsSchema } },
    async (request): Promise<{ appeal: AppealView | AdminAppealView }> => ({
      appeal: await appeals.get(request.user!, request.params.id),
    }),
  );

  // `{userId}` in the specification; `:id` here because the self-or-permissions guard reads `id`.
  app.get(
    '/api/client/appeal/:id/appeals',
    {
      onRequest: requireSelfOrPermissions({ all: ['MANAGE_APPEALS'] }, { allowBanned: true }),
      schema: { params: UserIdParamsSchema },
    },
    async (request): Promise<AppealsResponse> => ({ appeals: await appeals.listFor(request.params.id) }),
  );

  app.post(
    '/api/client/appeal/:id/vote',
    { onRequest: manageAppeals, schema: { params: AppealIdParamsSchema, body: AppealVoteBodySchema } },
    async (request): Promise<VoteResponse> => appeals.vote(request.user!, request.params.id, request.body),
  );
}
