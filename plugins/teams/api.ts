import type { onRequestAsyncHookHandler } from 'fastify';
import { publicAccess, requireAuth, requirePermissions } from '../../core/auth/guards.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { App } from '../../core/plugin.ts';
import { teamsText } from './i18n/index.ts';
import type { TeamMembership } from './members.ts';
import {
  BulkUpdateTeamsBodySchema,
  BulkUpdateTeamsResponseSchema,
  CreateTeamBodySchema,
  OwnTeamResponseSchema,
  TeamDetailResponseSchema,
  TeamIDParamsSchema,
  TeamIdParamsSchema,
  TeamResponseSchema,
  TeamsResponseSchema,
  UpdateTeamBodySchema,
  UpdateUserTeamBodySchema,
  UpdateUserTeamResponseSchema,
} from './schemas.ts';
import type { TeamsService } from './service.ts';

const manage = requirePermissions({ all: ['MANAGE_TEAMS'] });

/**
 * teamsEnabled off: every team route answers 404 (as if it did not exist) except to MANAGE_TEAMS, who may still
 * prepare teams. Runs after the route's guard and before the body is read, so the caller learns nothing else.
 */
function whileEnabled(teams: TeamsService): onRequestAsyncHookHandler {
  return async (request) => {
    if (!(await teams.visibleTo(request.user ?? null)))
      throw localizedError(teamsText, 'not_found', 'refusal.switchedOff');
  };
}

/** Specification §7 "Teams" and GET /api/client/users/team. */
export function teamsRoutes(app: App, teams: TeamsService, members: TeamMembership): void {
  const enabled = whileEnabled(teams);
  publicTeamRoutes(app, teams, enabled);
  teamManagerRoutes(app, teams, members);
  membershipRoutes(app, teams, members, enabled);
}

/** The teams and one team's page: anyone, while teams are enabled. */
function publicTeamRoutes(app: App, teams: TeamsService, enabled: onRequestAsyncHookHandler): void {
  app.get(
    '/api/client/teams',
    {
      onRequest: [publicAccess, enabled],
      config: { openapi: { responses: { '404': 'Teams are switched off (except to MANAGE_TEAMS).' } } },
      schema: { response: { 200: TeamsResponseSchema } },
    },
    async () => ({ teams: await teams.list() }),
  );

  app.post(
    '/api/client/teams/:teamID',
    {
      onRequest: [publicAccess, enabled],
      config: {
        openapi: { responses: { '404': 'Teams are switched off (except to MANAGE_TEAMS), or no team has this ID.' } },
      },
      schema: { params: TeamIDParamsSchema, response: { 200: TeamDetailResponseSchema } },
    },
    async (request) => ({
      team: await teams.get(request.params.teamID),
    }),
  );
}

/** The Team Manager's writes: create, reset, place members, edit, delete. */
function teamManagerRoutes(app: App, teams: TeamsService, members: TeamMembership): void {
  app.post(
    '/api/client/teams',
    {
      onRequest: manage,
      config: { openapi: { responses: { '409': 'A team already has this name (in any case).' } } },
      schema: { body: CreateTeamBodySchema, response: { 201: TeamResponseSchema } },
    },
    async (request, reply) => {
      const team = await teams.create(request.user!, request.body);
      return reply.code(201).send({ team });
    },
  );

  app.post(
    '/api/client/teams/reset-orders/:id',
    {
      onRequest: manage,
      config: { openapi: { responses: { '404': 'No team has this ID.' } } },
      schema: { params: TeamIdParamsSchema, response: { 200: TeamResponseSchema } },
    },
    async (request) => ({
      team: await teams.resetOrders(request.user!, request.params.id),
    }),
  );

  app.post(
    '/api/client/teams/bulk-update-teams',
    {
      onRequest: manage,
      config: {
        openapi: {
          responses: {
            '404': 'A move names a user or a team that does not exist (no move is made).',
            '409': 'Balancing, when there is no team to balance staff into.',
          },
        },
      },
      schema: { body: BulkUpdateTeamsBodySchema, response: { 200: BulkUpdateTeamsResponseSchema } },
    },
    async (request) => members.bulk(request.user!, request.body),
  );

  app.patch(
    '/api/client/teams/update-user-team',
    {
      onRequest: manage,
      config: { openapi: { responses: { '404': 'No user or no team has the ID given.' } } },
      schema: { body: UpdateUserTeamBodySchema, response: { 200: UpdateUserTeamResponseSchema } },
    },
    async (request) => members.moveOne(request.user!, request.body),
  );

  app.patch(
    '/api/client/teams/:id',
    {
      onRequest: manage,
      config: {
        openapi: {
          responses: { '404': 'No team has this ID.', '409': 'Another team already has this name (in any case).' },
        },
      },
      schema: { params: TeamIdParamsSchema, body: UpdateTeamBodySchema, response: { 200: TeamResponseSchema } },
    },
    async (request) => ({
      team: await teams.update(request.user!, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/client/teams/:id',
    {
      onRequest: manage,
      config: { openapi: { responses: { '404': 'No team has this ID.' } } },
      schema: { params: TeamIdParamsSchema, response: { 200: TeamResponseSchema } },
    },
    async (request) => ({
      team: await teams.delete(request.user!, request.params.id),
    }),
  );
}

/** The signed-in user's own team, and a customer's own join and leave. */
function membershipRoutes(
  app: App,
  teams: TeamsService,
  members: TeamMembership,
  enabled: onRequestAsyncHookHandler,
): void {
  app.get(
    '/api/client/users/team',
    {
      onRequest: [requireAuth(), enabled],
      config: { openapi: { responses: { '404': 'Teams are switched off (except to MANAGE_TEAMS).' } } },
      schema: { response: { 200: OwnTeamResponseSchema } },
    },
    async (request) => ({
      team: await teams.teamOf(request.user!.id),
    }),
  );

  // A customer's own membership (staff are placed by the team managers: the service's 403).
  const self = requireAuth();
  app.post(
    '/api/client/teams/:teamID/join',
    {
      onRequest: [self, enabled],
      config: {
        openapi: {
          responses: {
            '404': 'Teams are switched off (except to MANAGE_TEAMS), or no team has this ID.',
            '409': 'The user is in another team: they leave it before joining this one.',
          },
        },
      },
      schema: { params: TeamIDParamsSchema, response: { 200: UpdateUserTeamResponseSchema } },
    },
    async (request) => members.join(request.user!.id, request.params.teamID),
  );
  app.post(
    '/api/client/teams/:teamID/leave',
    {
      onRequest: [self, enabled],
      config: {
        openapi: {
          responses: {
            '404': 'Teams are switched off (except to MANAGE_TEAMS), or no team has this ID.',
            '409': 'The user is not in this team.',
          },
        },
      },
      schema: { params: TeamIDParamsSchema, response: { 200: UpdateUserTeamResponseSchema } },
    },
    async (request) => members.leave(request.user!.id, request.params.teamID),
  );
}
