import { requireAuth, requirePermissions, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import { UserIdParamsSchema } from '../users/schemas.ts';
import {
  AdminAppealsQuerySchema,
  AdminAppealsResponseSchema,
  AppealFiledResponseSchema,
  AppealIdParamsSchema,
  AppealResponseSchema,
  AppealsResponseSchema,
  AppealVoteBodySchema,
  CreateAppealBodySchema,
  VoteResponseSchema,
} from './schemas.ts';
import type { AppealsService } from './service.ts';

const manageAppeals = requirePermissions({ all: ['MANAGE_APPEALS'] });

/** §7 Appeals. A banned user reaches their own (allowBanned); the service decides what each caller sees. */
export function appealsRoutes(app: App, appeals: AppealsService): void {
  app.post(
    '/api/client/appeal',
    {
      onRequest: requireAuth({ allowBanned: true }),
      config: {
        openapi: {
          responses: {
            '409':
              'The caller already has an open appeal, or their last appeal was denied and the cooldown has not passed.',
          },
        },
      },
      schema: { body: CreateAppealBodySchema, response: { 201: AppealFiledResponseSchema } },
    },
    async (request, reply) => {
      const appeal = await appeals.file(request.user!, request.body);
      return reply.code(201).send({ appeal });
    },
  );

  app.get(
    '/api/client/appeal/admin/appeals',
    {
      onRequest: manageAppeals,
      schema: { querystring: AdminAppealsQuerySchema, response: { 200: AdminAppealsResponseSchema } },
    },
    async (request) => appeals.search(request.user!, request.query),
  );

  app.get(
    '/api/client/appeal/:id',
    {
      onRequest: requireAuth({ allowBanned: true }),
      config: {
        openapi: {
          responses: { '404': 'No appeal has this ID, or it is another user’s and the caller cannot manage appeals.' },
        },
      },
      schema: { params: AppealIdParamsSchema, response: { 200: AppealResponseSchema } },
    },
    async (request) => ({
      appeal: await appeals.get(request.user!, request.params.id),
    }),
  );

  // `{userId}` in the specification; `:id` here because the self-or-permissions guard reads `id`.
  app.get(
    '/api/client/appeal/:id/appeals',
    {
      onRequest: requireSelfOrPermissions({ all: ['MANAGE_APPEALS'] }, { allowBanned: true }),
      schema: { params: UserIdParamsSchema, response: { 200: AppealsResponseSchema } },
    },
    async (request) => ({ appeals: await appeals.listFor(request.params.id) }),
  );

  app.post(
    '/api/client/appeal/:id/vote',
    {
      onRequest: manageAppeals,
      config: {
        openapi: {
          responses: { '404': 'No appeal has this ID.', '409': 'The appeal has already been decided.' },
        },
      },
      schema: { params: AppealIdParamsSchema, body: AppealVoteBodySchema, response: { 200: VoteResponseSchema } },
    },
    async (request) => appeals.vote(request.user!, request.params.id, request.body),
  );
}
