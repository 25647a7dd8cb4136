import type { FastifyRequest } from 'fastify';
import { publicAccess, requirePermissions } from '../../core/auth/guards.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { DomainError } from '../../core/errors.ts';
import type { App } from '../../core/plugin.ts';
import {
  CreateRankBodySchema,
  RankIdParamsSchema,
  RankPositionsBodySchema,
  type RankResponse,
  type RanksResponse,
  UpdateRankBodySchema,
} from './schemas.ts';
import type { RanksService } from './service.ts';

const manageRanks = requirePermissions({ all: ['MANAGE_RANKS'] });

/** The signed-in user the route's guard has already let through. */
function actor(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new DomainError('unauthorized', 'You need to sign in to do that.');
  return request.user;
}

export function ranksRoutes(app: App, ranks: RanksService): void {
  // Public: the team page and every rank badge need them.
  app.get(
    '/api/client/ranks',
    { onRequest: publicAccess },
    async (): Promise<RanksResponse> => ({ ranks: await ranks.list() }),
  );
  app.get(
    '/api/client/ranks/:id',
    { onRequest: publicAccess, schema: { params: RankIdParamsSchema } },
    async (request): Promise<RankResponse> => ({
      rank: await ranks.get(request.params.id),
    }),
  );

  // Ranks admin: MANAGE_RANKS, and the service's escalation rules on top.
  app.post(
    '/api/client/ranks',
    { onRequest: manageRanks, schema: { body: CreateRankBodySchema } },
    async (request): Promise<RankResponse> => ({
      rank: await ranks.create(actor(request), request.body),
    }),
  );

  app.put(
    '/api/client/ranks/positions',
    { onRequest: manageRanks, schema: { body: RankPositionsBodySchema } },
    async (request): Promise<RanksResponse> => ({
      ranks: await ranks.reorder(actor(request), request.body.ranks),
    }),
  );

  app.patch(
    '/api/client/ranks/:id',
    { onRequest: manageRanks, schema: { params: RankIdParamsSchema, body: UpdateRankBodySchema } },
    async (request): Promise<RankResponse> => ({
      rank: await ranks.update(actor(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/client/ranks/:id',
    { onRequest: manageRanks, schema: { params: RankIdParamsSchema } },
    async (request, reply) => {
      await ranks.delete(actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
