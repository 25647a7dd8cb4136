import { requirePermissions, publicAccess } from '../../core/auth/guards.ts';
import type { App } from '../../core/plugin.ts';
import { SettingParamsSchema, UpdateSettingBodySchema, type SettingResponse, type SettingsResponse, type UpdateSettingResponse } from './schemas.ts';
import type { SettingsService } from './service.ts';

export function settingsRoutes(app: App, settings: SettingsService): void {
  app.get('/api/client/settings', { preHandler: publicAccess }, async (): Promise<SettingsResponse> => {
    return { settings: await settings.getAll() };
  });

  app.get('/api/client/settings/:key', { preHandler: publicAccess, schema: { params: SettingParamsSchema } }, async (request): Promise<SettingResponse> => {
    const key = settings.assertKey(request.params.key);
    return { setting: await settings.get(key) };
  });

  // The announcement has its own route so that its wider guard is declared, not coded in the handler.
  app.post(
    '/api/client/settings/currentAnnouncement',
    { preHandler: requirePermissions({ any: ['MANAGE_SETTINGS', 'MANAGE_ANNOUNCEMENT'] }), schema: { body: UpdateSettingBodySchema } },
    async (request): Promise<UpdateSettingResponse> => {
      return { updatedValue: await settings.set('currentAnnouncement', request.body.val, request.user ?? null) };
    },
  );

  app.post(
    '/api/client/settings/:key',
    { preHandler: requirePermissions({ all: ['MANAGE_SETTINGS'] }), schema: { params: SettingParamsSchema, body: UpdateSettingBodySchema } },
    async (request): Promise<UpdateSettingResponse> => {
      const key = settings.assertKey(request.params.key);
      return { updatedValue: await settings.set(key, request.body.val, request.user ?? null) };
    },
  );
}
