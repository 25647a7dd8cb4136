import { requireAuth } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import {
  type MarkAllReadResponse,
  type MarkReadResponse,
  NotificationIdParamsSchema,
  type NotificationPreferences,
  NotificationPreferencesBodySchema,
  NotificationsQuerySchema,
  type NotificationsResponse,
} from './schemas.ts';
import type { NotificationsService } from './service.ts';

/**
 * The signed-in user's own notices (the specification names no path: docs/notifications.md). Banned users too:
 * they are told about their appeal.
 */
const self = requireAuth({ allowBanned: true });

export function notificationsRoutes(app: App, notifications: NotificationsService): void {
  app.get(
    '/api/client/notifications',
    { onRequest: self, schema: { querystring: NotificationsQuerySchema } },
    async (request): Promise<NotificationsResponse> => notifications.list(request.user!.id, request.query),
  );

  app.post(
    '/api/client/notifications/read-all',
    { onRequest: self },
    async (request): Promise<MarkAllReadResponse> => notifications.markAllRead(request.user!.id),
  );

  app.post(
    '/api/client/notifications/:id/read',
    { onRequest: self, schema: { params: NotificationIdParamsSchema } },
    async (request): Promise<MarkReadResponse> => notifications.markRead(request.user!.id, request.params.id),
  );

  app.get(
    '/api/client/notifications/preferences',
    { onRequest: self },
    async (request): Promise<NotificationPreferences> => notifications.preferences(request.user!.id),
  );

  app.put(
    '/api/client/notifications/preferences',
    { onRequest: self, schema: { body: NotificationPreferencesBodySchema } },
    async (request): Promise<NotificationPreferences> => notifications.setPreferences(request.user!.id, request.body),
  );
}
