import { requirePermissions, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import type { App } from '../../core/plugin.ts';
import type { UserAdminService } from './admin-service.ts';
import {
  AdminUsersBodySchema,
  AdminUsersResponseSchema,
  BanOrNoneResponseSchema,
  BanResponseSchema,
  BlacklistOrNoneResponseSchema,
  BlacklistResponseSchema,
  CreateBanBodySchema,
  CreateWarningBodySchema,
  RankHistoryResponseSchema,
  RemoveBanBodySchema,
  RemoveStaffBodySchema,
  SetBlacklistBodySchema,
  UpdateBanBodySchema,
  UpdateRankBodySchema,
  UpdateRankResponseSchema,
  UserIdOnlyParamsSchema,
  WarningResponseSchema,
} from './schemas.ts';
import type { UsersService } from './service.ts';

const manageUsers = requirePermissions({ all: ['MANAGE_USERS'] });
const params = UserIdOnlyParamsSchema;

/** The user manager's routes: search, bans, staff removal and ranks, warnings, the order blacklist, rank history. */
export function userAdminRoutes(app: App, admin: UserAdminService, users: UsersService): void {
  searchRoutes(app, admin, users);
  banRoutes(app, admin);
  staffRoutes(app, admin);
  blacklistRoutes(app, admin);
}

function searchRoutes(app: App, admin: UserAdminService, users: UsersService): void {
  app.post(
    '/api/client/admin/users',
    { onRequest: manageUsers, schema: { body: AdminUsersBodySchema, response: { 200: AdminUsersResponseSchema } } },
    async (request) => {
      const page = await admin.search(request.body.filter);
      return { ...page, users: await users.withTeams(request.user, page.users) };
    },
  );
}

function banRoutes(app: App, admin: UserAdminService): void {
  app.get(
    '/api/client/admin/users/:id/ban',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, response: { 200: BanOrNoneResponseSchema } },
    },
    async (request) => ({
      ban: await admin.getBan(request.params.id),
    }),
  );
  app.post(
    '/api/client/admin/users/:id/ban',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, body: CreateBanBodySchema, response: { 200: BanResponseSchema } },
    },
    async (request) => ({
      ban: await admin.ban(request.user!, request.params.id, request.body),
    }),
  );
  app.patch(
    '/api/client/admin/users/:id/ban',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID, or the user is not banned.' } } },
      schema: { params, body: UpdateBanBodySchema, response: { 200: BanResponseSchema } },
    },
    async (request) => ({
      ban: await admin.updateBan(request.user!, request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/client/admin/users/:id/ban',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID, or the user is not banned.' } } },
      schema: { params, body: RemoveBanBodySchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await admin.unban(request.user!, request.params.id, request.body?.silent ?? false);
      return reply.code(204).send();
    },
  );
}

/** Staff removal, ranks, warnings and the rank history (which the user may read too). */
function staffRoutes(app: App, admin: UserAdminService): void {
  app.post(
    '/api/client/admin/users/:id/remove-staff',
    {
      onRequest: manageUsers,
      config: {
        openapi: {
          responses: {
            '409': 'The user is not staff, or holds no rank given by hand (ranks from a plan or a grant end with it).',
          },
        },
      },
      schema: { params, body: RemoveStaffBodySchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await admin.removeStaff(request.user!, request.params.id, request.body.reason);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/api/client/admin/users/:id/update-rank',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, body: UpdateRankBodySchema, response: { 200: UpdateRankResponseSchema } },
    },
    async (request) => ({
      ranks: await admin.updateRanks(request.user!, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/client/admin/users/:id/warnings',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, body: CreateWarningBodySchema, response: { 200: WarningResponseSchema } },
    },
    async (request) => ({
      warning: await admin.warn(request.user!, request.params.id, request.body.reason),
    }),
  );
}

function blacklistRoutes(app: App, admin: UserAdminService): void {
  app.get(
    '/api/client/admin/users/:id/blacklist',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, response: { 200: BlacklistOrNoneResponseSchema } },
    },
    async (request) => ({
      blacklist: await admin.getBlacklist(request.params.id),
    }),
  );
  app.post(
    '/api/client/admin/blacklist/:id',
    {
      onRequest: manageUsers,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, body: SetBlacklistBodySchema, response: { 200: BlacklistResponseSchema } },
    },
    async (request) => ({
      blacklist: await admin.setBlacklist(request.user!, request.params.id, request.body.data),
    }),
  );

  app.get(
    '/api/client/users/:id/rank-history',
    {
      onRequest: requireSelfOrPermissions({ all: ['MANAGE_USERS'] }),
      schema: { params, response: { 200: RankHistoryResponseSchema } },
    },
    async (request) => ({
      history: await admin.rankHistory(request.params.id),
    }),
  );
}
