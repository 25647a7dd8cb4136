import { z } from 'zod';
import { snowflakeId } from '../../core/shared/ids.ts';

/** What the bell and the list show of one notice (also the gateway's `notice` data). */
export interface NotificationView {
  id: string;
  kind: string;
  text: string;
  /** A path on the site, or null. */
  link: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null: unread. */
  readAt: string | null;
}

/** The gateway's `notice` event data: a notice just stored for the socket's user. */
export type NoticeEventData = Omit<NotificationView, 'readAt'>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/client/notifications: newest first, in pages. */
export const NotificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export interface NotificationsResponse {
  notifications: NotificationView[];
  /** All of the user's notices. */
  total: number;
  /** Of those, not read yet: the bell's number. */
  unread: number;
  page: number;
  pageSize: number;
}

export const NotificationIdParamsSchema = z.strictObject({ id: snowflakeId('Notification') });

export interface MarkReadResponse {
  notification: NotificationView;
  unread: number;
}

export interface MarkAllReadResponse {
  /** How many were marked now. */
  marked: number;
  unread: 0;
}

/** The user's notification preferences. */
export const NotificationPreferencesBodySchema = z.strictObject({
  /** Send me decisions as Discord DMs (when the diner's bot is configured). */
  dms: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesBodySchema>;
