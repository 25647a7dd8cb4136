import { requireAuth } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import {
  MarkAllReadResponseSchema,
  MarkReadResponseSchema,
  NotificationIdParamsSchema,
  NotificationPreferencesBodySchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
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
    {
      onRequest: self,
      schema: { querystring: NotificationsQuerySchema, response: { 200: NotificationsResponseSchema } },
    },
    async (request) => notifications.list(request.user!.id, request.query),
  );

  app.post(
    '/api/client/notifications/read-all',
    { onRequest: self, schema: { response: { 200: MarkAllReadResponseSchema } } },
    async (request) => notifications.markAllRead(request.user!.id),
  );

  app.post(
    '/api/client/notifications/:id/read',
    {
      onRequest: self,
      config: { openapi: { responses: { '404': 'The signed-in user has no notification with this ID.' } } },
      schema: { params: NotificationIdParamsSchema, response: { 200: MarkReadResponseSchema } },
    },
    async (request) => notifications.markRead(request.user!.id, request.params.id),
  );

  app.get(
    '/api/client/notifications/preferences',
    { onRequest: self, schema: { response: { 200: NotificationPreferencesBodySchema } } },
    async (request) => notifications.preferences(request.user!.id),
  );

  app.put(
    '/api/client/notifications/preferences',
    {
      onRequest: self,
      schema: { body: NotificationPreferencesBodySchema, response: { 200: NotificationPreferencesBodySchema } },
    },
    async (request) => notifications.setPreferences(request.user!.id, request.body),
  );
}
