import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const SettingSchema = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: {
    key: p.string().length(64).primary(),
    /** The value as JSON; SQL NULL for a nullable setting set to null (rankAnnouncementChannel cleared). */
    value: p.json<unknown>().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    /** Who set it last; null for the seed. */
    updatedBy: p.string().nullable(),
  },
});
export type Setting = InferEntity<typeof SettingSchema>;
