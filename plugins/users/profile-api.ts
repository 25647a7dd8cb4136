import { requireAuth, requireSelfOrPermissions } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import type { UserAdminService } from './admin-service.ts';
import type { ProfileService } from './profile-service.ts';
import {
  PremadeMessagesBodySchema,
  type PremadeMessagesResponse,
  UserIdOnlyParamsSchema,
  UserManagerUpdateBodySchema,
  type UserView,
  type WarningView,
} from './schemas.ts';

/** The `:id` user themself, or a user manager (who may only act on someone ranked below them: the service checks). */
const selfOrManager = requireSelfOrPermissions({ all: ['MANAGE_USERS'] });
const params = UserIdOnlyParamsSchema;

export function profileRoutes(app: App, profile: ProfileService, admin: UserAdminService): void {
  // The body is checked against the manager's allow-list; the service holds the user themself to the self list.
  app.patch(
    '/api/client/users/:id',
    { onRequest: selfOrManager, schema: { params, body: UserManagerUpdateBodySchema } },
    async (request): Promise<{ user: UserView }> => ({
      user: await profile.update(request.user!, request.params.id, request.body),
    }),
  );

  app.patch(
    '/api/client/users/:id/premade-messages',
    { onRequest: selfOrManager, schema: { params, body: PremadeMessagesBodySchema } },
    async (request): Promise<PremadeMessagesResponse> => ({
      deliveryMessage: await profile.setDeliveryMessage(request.user!, request.params.id, request.body.deliveryMessage),
    }),
  );

  app.patch(
    '/api/client/users/:id/sync-with-discord',
    { onRequest: selfOrManager, schema: { params } },
    async (request): Promise<{ updated: UserView }> => ({
      updated: await profile.syncWithDiscord(request.user!, request.params.id),
    }),
  );

  app.get(
    '/api/client/users/:id/warnings',
    { onRequest: selfOrManager, schema: { params } },
    async (request): Promise<{ warnings: WarningView[] }> => ({
      warnings: await admin.warnings(request.params.id),
    }),
  );

  app.post('/api/client/recruitment/resign', { onRequest: requireAuth() }, async (request, reply) => {
    await profile.resign(request.user!);
    return reply.code(204).send();
  });
}
