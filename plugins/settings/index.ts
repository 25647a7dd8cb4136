import { needs } from '../../core/pages.ts';
import { definePlugin } from '../../core/plugin.ts';
import { settingsRoutes } from './api.ts';
import kitchen from './commands/kitchen.ts';
import { SettingSchema } from './entities.ts';
import { settingsCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { settingsPersonalData } from './personal-data.ts';
import { seedSettings } from './seed.ts';
import { SettingsService } from './service.ts';

export type { SettingsService } from './service.ts';

/** The audit actions this plugin's writes record, with the audit log's labels (core/audit). */
const audit = {
  actions: {
    'settings.update': 'Changed a setting',
  },
  targetTypes: ['setting'],
  kinds: { settings: 'Settings and announcements' },
} as const;
declare module '../../core/audit/schemas.ts' {
  interface AuditActions extends Record<keyof typeof audit.actions, true> {}
  interface AuditTargetTypes extends Record<(typeof audit.targetTypes)[number], true> {}
}

export default definePlugin({
  audit,
  name: 'settings',
  i18n: settingsCatalogue,
  personalData: () => settingsPersonalData,
  entities: [SettingSchema],
  migrations,
  service: (ctx) => new SettingsService(ctx),
  routes: settingsRoutes,
  pages: {
    guards: {
      '/staff/admin/settings': needs({ all: ['MANAGE_SETTINGS'] }),
      // The page does what POST /api/client/settings/currentAnnouncement allows; the sidebar entry keeps the
      // specification's MANAGE_ANNOUNCEMENT.
      '/staff/admin/site-management/announcement': needs({ any: ['MANAGE_SETTINGS', 'MANAGE_ANNOUNCEMENT'] }),
    },
    sidebar: [
      {
        section: 'site',
        order: 10,
        label: 'Site Settings',
        labelKey: 'sidebar.siteSettings',
        href: '/staff/admin/settings',
        icon: 'gear',
        needs: { all: ['MANAGE_SETTINGS'] },
      },
      {
        section: 'site',
        order: 20,
        label: 'Announce',
        labelKey: 'sidebar.announce',
        href: '/staff/admin/site-management/announcement',
        icon: 'megaphone',
        needs: { all: ['MANAGE_ANNOUNCEMENT'] },
      },
    ],
    examples: [
      { path: '/staff/admin/settings', opens: 'superAdmin' },
      { path: '/staff/admin/site-management/announcement', opens: 'superAdmin' },
    ],
  },
  commands: [kitchen],
  seed: seedSettings,
});
