import { definePlugin } from '../../core/plugin.ts';
import { settingsRoutes } from './api.ts';
import kitchen from './commands/kitchen.ts';
import { SettingSchema } from './entities.ts';
import { migrations } from './migrations/index.ts';
import { seedSettings } from './seed.ts';
import { SettingsService } from './service.ts';

export type { SettingsService } from './service.ts';

export default definePlugin({
  name: 'settings',
  entities: [SettingSchema],
  migrations,
  service: (ctx) => new SettingsService(ctx.orm, ctx.events, ctx.audit),
  routes: settingsRoutes,
  commands: [kitchen],
  seed: seedSettings,
});
