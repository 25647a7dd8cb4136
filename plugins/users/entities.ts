import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';

/** A manager's written warning to a user. Kept with the user; the user may read their own. */
export const WarningSchema = defineEntity({
  name: 'Warning',
  tableName: 'warnings',
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    reason: p.text(),
    /** The manager who gave it. */
    by: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Warning = InferEntity<typeof WarningSchema>;

/** The order blacklist the bot checks before taking an order: one row per user ever listed, `active` says whether it applies. */
export const BlacklistSchema = defineEntity({
  name: 'Blacklist',
  tableName: 'blacklist',
  properties: {
    user: () => p.oneToOne(UserSchema).owner().primary().deleteRule('cascade'),
    active: p.boolean().default(false),
    /** Why the latest change was made. */
    reason: p.text().nullable(),
    /** The manager who made the latest change. */
    by: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Blacklist = InferEntity<typeof BlacklistSchema>;

/** When a user last resigned from staff: they may not re-apply for a week after (recruitment reads canReapplyAt). */
export const ResignationSchema = defineEntity({
  name: 'Resignation',
  tableName: 'resignations',
  properties: {
    user: () => p.oneToOne(UserSchema).owner().primary().deleteRule('cascade'),
    resignedAt: p.datetime(),
  },
});
export type Resignation = InferEntity<typeof ResignationSchema>;
