import type { FastifyRequest } from 'fastify';
import { publicAccess, requirePermissions } from '../../core/auth/guards.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { App } from '../../core/plugin.ts';
import { ranksText } from './i18n/index.ts';
import {
  CreateRankBodySchema,
  RankIdParamsSchema,
  RankPositionsBodySchema,
  RankResponseSchema,
  RanksResponseSchema,
  UpdateRankBodySchema,
} from './schemas.ts';
import type { RanksService } from './service.ts';

const manageRanks = requirePermissions({ all: ['MANAGE_RANKS'] });

/** The signed-in user the route's guard has already let through. */
function actor(request: FastifyRequest): CurrentUser {
  if (!request.user) throw localizedError(ranksText, 'unauthorized', 'refusal.signInFirst');
  return request.user;
}

export function ranksRoutes(app: App, ranks: RanksService): void {
  // Public: the team page and every rank badge need them.
  app.get(
    '/api/client/ranks',
    { onRequest: publicAccess, schema: { response: { 200: RanksResponseSchema } } },
    async () => ({ ranks: await ranks.list() }),
  );
  app.get(
    '/api/client/ranks/:id',
    {
      onRequest: publicAccess,
      config: { openapi: { responses: { '404': 'No rank has this ID.' } } },
      schema: { params: RankIdParamsSchema, response: { 200: RankResponseSchema } },
    },
    async (request) => ({
      rank: await ranks.get(request.params.id),
    }),
  );

  // Ranks admin: MANAGE_RANKS, and the service's escalation rules on top.
  app.post(
    '/api/client/ranks',
    {
      onRequest: manageRanks,
      config: {
        openapi: {
          responses: {
            '409':
              'The position given is taken by another rank, or, with no position given, there is no free one below the caller’s highest rank.',
          },
        },
      },
      schema: { body: CreateRankBodySchema, response: { 200: RankResponseSchema } },
    },
    async (request) => ({
      rank: await ranks.create(actor(request), request.body),
    }),
  );

  app.put(
    '/api/client/ranks/positions',
    { onRequest: manageRanks, schema: { body: RankPositionsBodySchema, response: { 200: RanksResponseSchema } } },
    async (request) => ({
      ranks: await ranks.reorder(actor(request), request.body.ranks),
    }),
  );

  app.patch(
    '/api/client/ranks/:id',
    {
      onRequest: manageRanks,
      config: { openapi: { responses: { '404': 'No rank has this ID.' } } },
      schema: { params: RankIdParamsSchema, body: UpdateRankBodySchema, response: { 200: RankResponseSchema } },
    },
    async (request) => ({
      rank: await ranks.update(actor(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/client/ranks/:id',
    {
      onRequest: manageRanks,
      config: { openapi: { responses: { '404': 'No rank has this ID.' } } },
      schema: { params: RankIdParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await ranks.delete(actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
