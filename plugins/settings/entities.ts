import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const SettingSchema = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: {
    key: p.string().length(64).primary(),
    value: p.json<unknown>(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    /** Who set it last; null for the seed. */
    updatedBy: p.string().nullable(),
  },
});
export type Setting = InferEntity<typeof SettingSchema>;
