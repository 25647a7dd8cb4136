import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { Locale } from '../i18n/locales.ts';

/**
 * The identity kernel's tables. Plugins build profiles and bans on these; ranks are a plugin's tables, which
 * reach a user's permissions through the permission port (held-ranks.ts). Core imports no plugin.
 */

export const BanSchema = defineEntity({
  name: 'Ban',
  embeddable: true,
  properties: {
    active: p.boolean().default(false),
    reason: p.text().nullable(),
    /** null: permanent. */
    expires: p.datetime().nullable(),
    createdAt: p.datetime().nullable(),
    createdBy: p.string().nullable(),
  },
});

export interface UserSettings {
  deliveryMessage?: { message: string };
  /** The site's language the user chose (a picker in the footer or the profile); absent: their browser's. */
  locale?: Locale;
}

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    /** The user's Discord snowflake. */
    id: p.string().primary(),
    username: p.string().length(64),
    displayName: p.string().length(64).nullable(),
    discriminator: p.string().length(4).default('0'),
    avatar: p.string().nullable(),
    /** Permissions granted to the user directly, on top of their ranks' (core/auth/held-ranks.ts). */
    permissions: p.integer().default(0),
    /**
     * The perks held because of a grant (a plan, a purchase, an objective): written only by the grants that hold them
     * (the plugin that grants them; the column's name is from before grants and hand-set perks were kept apart),
     * under the user's row lock. A user manager never writes it.
     */
    grantedPerks: p.array().fieldName('perks').defaultRaw(`'{}'`),
    /** The perks a user manager gave by hand (PATCH /api/client/users/{id} `perks`); no grant's end takes them. */
    manualPerks: p.array().defaultRaw(`'{}'`),
    flags: p.integer().default(0),
    ban: () => p.embedded(BanSchema).prefix('ban_'),
    settings: p.json<UserSettings>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type User = InferEntity<typeof UserSchema>;

export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    /** SHA-256 of the token, hex: the token itself is never stored. */
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Session = InferEntity<typeof SessionSchema>;

export const authEntities = [BanSchema, UserSchema, SessionSchema];
