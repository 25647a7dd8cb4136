import { requireAuth, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import { NoContentSchema } from '../../core/http/zod.ts';
import type { App } from '../../core/plugin.ts';
import type { UserAdminService } from './admin-service.ts';
import type { ProfileService } from './profile-service.ts';
import {
  PremadeMessagesBodySchema,
  PremadeMessagesResponseSchema,
  SyncedUserResponseSchema,
  UpdatedUserResponseSchema,
  UserIdOnlyParamsSchema,
  UserManagerUpdateBodySchema,
  WarningsResponseSchema,
} from './schemas.ts';

/** The `:id` user themself, or a user manager (who may only act on someone ranked below them: the service checks). */
const selfOrManager = requireSelfOrPermissions({ all: ['MANAGE_USERS'] });
const params = UserIdOnlyParamsSchema;

export function profileRoutes(app: App, profile: ProfileService, admin: UserAdminService): void {
  // The body is checked against the manager's allow-list; the service holds the user themself to the self list.
  app.patch(
    '/api/client/users/:id',
    {
      onRequest: selfOrManager,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, body: UserManagerUpdateBodySchema, response: { 200: UpdatedUserResponseSchema } },
    },
    async (request) => ({
      user: await profile.update(request.user!, request.params.id, request.body),
    }),
  );

  app.patch(
    '/api/client/users/:id/premade-messages',
    {
      onRequest: selfOrManager,
      config: { openapi: { responses: { '404': 'No user has this ID, or no premade message has this slug or ID.' } } },
      schema: { params, body: PremadeMessagesBodySchema, response: { 200: PremadeMessagesResponseSchema } },
    },
    async (request) => ({
      deliveryMessage: await profile.setDeliveryMessage(request.user!, request.params.id, request.body.deliveryMessage),
    }),
  );

  app.patch(
    '/api/client/users/:id/sync-with-discord',
    {
      onRequest: selfOrManager,
      config: { openapi: { responses: { '404': 'No user has this ID, or Discord does not know this user.' } } },
      schema: { params, response: { 200: SyncedUserResponseSchema } },
    },
    async (request) => ({
      updated: await profile.syncWithDiscord(request.user!, request.params.id),
    }),
  );

  app.get(
    '/api/client/users/:id/warnings',
    {
      onRequest: selfOrManager,
      config: { openapi: { responses: { '404': 'No user has this ID.' } } },
      schema: { params, response: { 200: WarningsResponseSchema } },
    },
    async (request) => ({
      warnings: await admin.warnings(request.params.id),
    }),
  );

  app.post(
    '/api/client/recruitment/resign',
    {
      onRequest: requireAuth(),
      config: {
        openapi: {
          responses: {
            '409': 'The user holds no rank, or none given by hand (ranks from a plan or a grant end with it).',
          },
        },
      },
      schema: { response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await profile.resign(request.user!);
      return reply.code(204).send();
    },
  );
}
