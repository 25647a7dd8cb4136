import { definePlugin } from '../../core/plugin.ts';
import { notificationsRoutes } from './api.ts';
import { NotificationPreferenceSchema, NotificationSchema } from './entities.ts';
import './events.ts';
import { notificationsCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { notificationsPersonalData } from './personal-data.ts';
import type { NoticeEventData } from './schemas.ts';
import { seedNotifications } from './seed.ts';
import { NotificationsService } from './service.ts';

export type { NotificationsService } from './service.ts';

export interface NotificationsPlugin {
  notifications: NotificationsService;
}

/**
 * What users are told (docs/notifications.md): every feature publishes `notice`; this plugin stores it once per
 * user and ref, serves the bell's calls, and sends `notice` live to the user's own sockets. The discord plugin DMs
 * it (plugins/discord/notices.ts).
 */
export default definePlugin({
  name: 'notifications',
  personalData: () => notificationsPersonalData,
  entities: [NotificationSchema, NotificationPreferenceSchema],
  migrations,
  i18n: notificationsCatalogue,
  service: (ctx): NotificationsPlugin => {
    const notifications = new NotificationsService(ctx);
    notifications.listen();
    return { notifications };
  },
  routes: (app, plugin) => notificationsRoutes(app, plugin.notifications),
  gateway: {
    noticeCreated: ({ userId, id, kind, text, link, createdAt }) => ({
      t: 'notice',
      data: { id, kind, text, link, createdAt } satisfies NoticeEventData,
      to: { userId },
    }),
  },
  seed: (plugin) => seedNotifications(plugin.notifications),
});
