import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';

/**
 * A premade delivery message in the shared directory. `slug` is unique (the database says so: two creates racing for
 * one slug cannot both win). `uses` counts how often someone took it as their own delivery message; it is only ever
 * changed by one `uses = uses + 1` statement. The author may leave: the message stays, authorless.
 */
export const DeliveryMessageSchema = defineEntity({
  name: 'DeliveryMessage',
  tableName: 'delivery_messages',
  checks: [{ name: 'delivery_messages_uses_check', expression: '"uses" >= 0' }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    slug: p.string().length(64).unique(),
    title: p.string().length(80),
    message: p.text(),
    author: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    uses: p.integer().default(0),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type DeliveryMessage = InferEntity<typeof DeliveryMessageSchema>;
