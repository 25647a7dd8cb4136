import { publicAccess, requirePermissions } from '../../core/auth/guards.ts';
import { sendJson } from '../../core/http/json-text.ts';
import type { App } from '../../core/plugin.ts';
import {
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type SettingKey,
  SettingParamsSchema,
  type SettingResponse,
  SettingResponseSchema,
  SettingsResponseSchema,
  settingBodySchema,
  type UpdateSettingResponse,
  updateSettingResponseSchema,
} from './schemas.ts';
import { type SettingsService, unknownSetting } from './service.ts';

/** Who may change a setting: MANAGE_SETTINGS, and for the announcement also MANAGE_ANNOUNCEMENT (its own screen). */
const guardFor = (key: SettingKey) =>
  key === 'currentAnnouncement'
    ? requirePermissions({ any: ['MANAGE_SETTINGS', 'MANAGE_ANNOUNCEMENT'] })
    : requirePermissions({ all: ['MANAGE_SETTINGS'] });

export function settingsRoutes(app: App, settings: SettingsService): void {
  // SettingsResponse, serialized once per change (SettingsService.allAsJson) and sent as it is.
  app.get(
    '/api/client/settings',
    { onRequest: publicAccess, schema: { response: { 200: SettingsResponseSchema } } },
    async (_request, reply) => sendJson(reply, await settings.allAsJson()),
  );

  app.get(
    '/api/client/settings/:key',
    {
      onRequest: publicAccess,
      config: { openapi: { responses: { '404': 'No setting has this key.' } } },
      schema: { params: SettingParamsSchema, response: { 200: SettingResponseSchema } },
    },
    async (request): Promise<SettingResponse> => {
      const key = settings.assertKey(request.params.key);
      return { setting: await settings.get(key) };
    },
  );

  // One route per known key, so each declares its own guard and its value's schema (validated before the handler,
  // described in the API document); any other key is a 404.
  for (const key of SETTING_KEYS) {
    app.post(
      `/api/client/settings/${key}`,
      {
        onRequest: guardFor(key),
        schema: {
          body: settingBodySchema(SETTING_DEFINITIONS[key].schema),
          response: { 200: updateSettingResponseSchema(SETTING_DEFINITIONS[key].schema) },
        },
      },
      async (request): Promise<UpdateSettingResponse> => ({
        updatedValue: await settings.set(key, request.body.val, request.user ?? null),
      }),
    );
  }
  app.post(
    '/api/client/settings/:key',
    // No success answer: every key it takes is unknown.
    {
      onRequest: requirePermissions({ all: ['MANAGE_SETTINGS'] }),
      config: {
        openapi: { responses: { '404': 'No setting has this key (each known setting has a route of its own).' } },
      },
      schema: { params: SettingParamsSchema, response: {} },
    },
    async (request) => {
      throw unknownSetting(request.params.key);
    },
  );
}
