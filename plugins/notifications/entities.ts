import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';

/**
 * One thing a user was told (an appeal decided, an application's status changed…): what the bell lists. Stored once
 * per `(user, ref)`, however many processes hear the `notice` event.
 */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  uniques: [{ properties: ['user', 'ref'] }],
  indexes: [{ properties: ['user', 'createdAt'] }],
  properties: {
    id: p.string().primary(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    /** The publisher's unique name for the decision (`appeal:<id>:decided`). */
    ref: p.string(),
    kind: p.string(),
    text: p.text(),
    /** A path on the site, or null. */
    link: p.text().nullable(),
    createdAt: p.datetime(),
    /** Null: unread. */
    readAt: p.datetime().nullable(),
    /** When a process took on sending the DM (set once, conditionally: no second DM); null: not sent. */
    dmClaimedAt: p.datetime().nullable(),
  },
});
export type Notification = InferEntity<typeof NotificationSchema>;

/** A user's notification preferences; no row: the defaults (DMs on). */
export const NotificationPreferenceSchema = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preferences',
  properties: {
    user: () => p.oneToOne(UserSchema).owner().primary().deleteRule('cascade'),
    /** Send notices as Discord DMs when the bot is configured. */
    dms: p.boolean().default(true),
    updatedAt: p.datetime(),
  },
});
export type NotificationPreference = InferEntity<typeof NotificationPreferenceSchema>;
