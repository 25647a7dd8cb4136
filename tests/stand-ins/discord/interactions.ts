import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import {
  type APIApplicationCommandInteractionDataOption,
  type APIChatInputApplicationCommandInteraction,
  type APIPingInteraction,
  type APIUser,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';
import { snowflake } from './rest.ts';

/**
 * Discord's side of HTTP interactions for tests: an application key pair (Ed25519, as Discord signs), signed
 * headers the way Discord sends them, and interaction payloads in discord-api-types' shapes.
 */
export interface InteractionSigner {
  /** The application's public key, hex: the app's DISCORD_PUBLIC_KEY. */
  publicKey: string;
  /** `X-Signature-Ed25519` and `X-Signature-Timestamp` for this exact body. */
  headers(body: string, timestamp?: number): Record<string, string>;
}

export function createInteractionSigner(): InteractionSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x!;
  return {
    publicKey: Buffer.from(raw, 'base64url').toString('hex'),
    headers(body, timestamp = Math.floor(Date.now() / 1000)) {
      return signedHeaders(privateKey, body, timestamp);
    },
  };
}

function signedHeaders(privateKey: KeyObject, body: string, timestamp: number): Record<string, string> {
  const ts = String(timestamp);
  const signature = sign(null, Buffer.from(ts + body), privateKey).toString('hex');
  return { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': ts };
}

export const APPLICATION_ID = '900000000000000001';

/** What the bot may do in a channel by default: everything /order needs. */
export const ALL_BOT_PERMISSIONS = (
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks
).toString();

export function pingInteraction(): APIPingInteraction {
  return {
    id: snowflake(),
    application_id: APPLICATION_ID,
    type: InteractionType.Ping,
    token: `tok-${snowflake()}`,
    version: 1,
  } as APIPingInteraction;
}

export interface CommandOptions {
  user: Pick<APIUser, 'id' | 'username'> & Partial<APIUser>;
  /** Options as Discord sends them, or `{ name: value }` for plain string/integer options. */
  options?: APIApplicationCommandInteractionDataOption[] | Record<string, string | number>;
  guildId?: string | null;
  channelId?: string;
  /** `resolved.users` (mentions in the text, user options). */
  resolvedUsers?: APIUser[];
  appPermissions?: string;
  /** The caller's Discord locale (default `en-US`). */
  locale?: string;
  /** The server's locale (`guild_locale`, sent with an interaction in a server): default none. */
  guildLocale?: string;
}

/** A slash command interaction (type 2) as Discord posts it to the interactions endpoint. */
export function commandInteraction(name: string, o: CommandOptions): APIChatInputApplicationCommandInteraction {
  const user: APIUser = { discriminator: '0', global_name: null, avatar: null, ...o.user };
  const options = Array.isArray(o.options)
    ? o.options
    : Object.entries(o.options ?? {}).map(([key, value]) =>
        typeof value === 'number'
          ? { name: key, type: ApplicationCommandOptionType.Integer as const, value }
          : { name: key, type: ApplicationCommandOptionType.String as const, value },
      );
  const guildId = o.guildId === undefined ? '800000000000000001' : o.guildId;
  const channelId = o.channelId ?? '700000000000000001';
  const resolved = o.resolvedUsers?.length
    ? { users: Object.fromEntries(o.resolvedUsers.map((u) => [u.id, u])) }
    : undefined;
  return {
    id: snowflake(),
    application_id: APPLICATION_ID,
    type: InteractionType.ApplicationCommand,
    token: `tok-${snowflake()}`,
    version: 1,
    guild_id: guildId ?? undefined,
    channel_id: channelId,
    channel: { id: channelId, type: guildId ? 0 : 1 },
    app_permissions: o.appPermissions ?? ALL_BOT_PERMISSIONS,
    locale: o.locale ?? 'en-US',
    ...(o.guildLocale && guildId ? { guild_locale: o.guildLocale } : {}),
    entitlements: [],
    authorizing_integration_owners: {},
    attachment_size_limit: 8_388_608,
    ...(guildId
      ? {
          member: {
            user,
            roles: [],
            joined_at: new Date().toISOString(),
            deaf: false,
            mute: false,
            flags: 0,
            permissions: '0',
          },
        }
      : { user }),
    data: { id: snowflake(), name, type: ApplicationCommandType.ChatInput, options, ...(resolved ? { resolved } : {}) },
  } as unknown as APIChatInputApplicationCommandInteraction;
}
