import { z } from 'zod';
import { AnswerIdSchema, snowflakeId } from '../../core/shared/ids.ts';
import { AnswerMomentSchema } from '../../core/shared/moments.ts';

/** What the bell and the list show of one notice (also the gateway's `notice` data). */
export const NotificationViewSchema = z.strictObject({
  id: AnswerIdSchema,
  kind: z.string(),
  text: z.string(),
  /** A path on the site, or null. */
  link: z.string().nullable(),
  /** ISO 8601. */
  createdAt: AnswerMomentSchema,
  /** ISO 8601; null: unread. */
  readAt: AnswerMomentSchema.nullable(),
});
export type NotificationView = z.output<typeof NotificationViewSchema>;

/** The gateway's `notice` event data: a notice just stored for the socket's user. */
export type NoticeEventData = Omit<NotificationView, 'readAt'>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/client/notifications: newest first, in pages. */
export const NotificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

/** A page of the user's notices, and their counts. */
export const NotificationsResponseSchema = z.strictObject({
  notifications: z.array(NotificationViewSchema),
  /** All of the user's notices. */
  total: z.int(),
  /** Of those, not read yet: the bell's number. */
  unread: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type NotificationsResponse = z.output<typeof NotificationsResponseSchema>;

export const NotificationIdParamsSchema = z.strictObject({ id: snowflakeId('Notification') });

/** POST /api/client/notifications/{id}/read: the notice, read, and how many are left unread. */
export const MarkReadResponseSchema = z.strictObject({ notification: NotificationViewSchema, unread: z.int() });
export type MarkReadResponse = z.output<typeof MarkReadResponseSchema>;

/** POST /api/client/notifications/read-all. */
export const MarkAllReadResponseSchema = z.strictObject({
  /** How many were marked now. */
  marked: z.int(),
  unread: z.literal(0),
});
export type MarkAllReadResponse = z.output<typeof MarkAllReadResponseSchema>;

/** The user's notification preferences: what the PUT route takes, and what it and the GET answer. */
export const NotificationPreferencesBodySchema = z.strictObject({
  /** Send me decisions as Discord DMs (when the diner's bot is configured). */
  dms: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesBodySchema>;
