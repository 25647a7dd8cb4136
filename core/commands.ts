import type { APIEmbed, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import type { z } from 'zod';
import type { Locale } from './i18n/locales.ts';
import type { Requirement } from './shared/permissions.ts';

/**
 * Slash commands, transport-neutral: a plugin contributes commands (one per file under `plugins/<feature>/commands/`)
 * and the same handler serves the HTTP interactions endpoint and the gateway client (bot/client.ts). A handler parses
 * nothing and knows no transport: it gets the caller, where they are, its options (already parsed by its zod schema)
 * and a `reply`. Errors: a DomainError becomes an ephemeral reply with its message; anything else a generic
 * apology (and a log line). The plugin that speaks to Discord dispatches them (`ctx.commands`).
 */

/** Who invoked the command, as Discord describes them. */
export interface CommandUser {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
}

export interface CommandReply {
  content?: string;
  embeds?: APIEmbed[];
  /** Only the caller sees it (Discord's EPHEMERAL flag, 64). */
  ephemeral: boolean;
  /** This message shows the order with this id: the bot keeps it up to date as the order moves. */
  trackOrder?: string;
}

export interface CommandContext<Options = Record<string, unknown>, Services = object> {
  user: CommandUser;
  /** The language to answer in: the caller's Discord locale, else the server's, else English (core/i18n). */
  locale: Locale;
  /** null in a DM. */
  guildId: string | null;
  channelId: string | null;
  /** The options by name, parsed by the command's `options` schema. */
  options: Options;
  /** Users the options or the text mention, as Discord resolved them (`resolved.users`), by id. */
  resolvedUsers: Readonly<Record<string, CommandUser>>;
  /** The bot's permissions in the channel (`app_permissions`), or null when the transport does not say. */
  appPermissions: bigint | null;
  /** The interaction, for what outlives the reply (editing it later): the application and the 15-minute token. */
  interaction: { id: string; applicationId: string; token: string };
  /**
   * Services by plugin name: those of the command's plugin and of the plugins it requires, typed as the command
   * declares them (`commandsFor`); the plugin's definition refuses a command that asks for any other.
   */
  services: Services;
  /** The clock services read. */
  now: () => number;
  reply(reply: CommandReply): Promise<void>;
}

/**
 * A guard: `null` for everyone, or a site permission requirement checked against the caller's site account
 * (their Discord id is their user id here). Declared on the command, never coded in the handler.
 */
export type CommandGuard = Requirement | null;

export interface BotCommand<Schema extends z.ZodType = z.ZodType, Services = object> {
  /**
   * What Discord registers: name, description, options (discord-api-types JSON), with their names and descriptions in
   * every locale (`localizeCommand`, core/i18n/commands.ts, from the plugin's catalogue).
   */
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  guard: CommandGuard;
  /** Parses the flattened options (`{ name: value }`, subcommand as `subcommand`). */
  options: Schema;
  handler: (ctx: CommandContext<z.output<Schema>, Services>) => Promise<void>;
}

/** Identity function for the types, for a command that uses no service: `export default defineCommand({...})`. */
export function defineCommand<Schema extends z.ZodType>(command: BotCommand<Schema>): BotCommand<Schema> {
  return command;
}

/**
 * A plugin's own `defineCommand`, whose handlers see `ctx.services` typed: `commandsFor<{ orders: OrdersPlugin }>()`
 * (plugins/<name>/commands/define.ts). `Services` names the plugin's service and those of plugins it requires; the
 * plugin's definition checks that against what it really has.
 */
export function commandsFor<Services>() {
  return <Schema extends z.ZodType>(command: BotCommand<Schema, Services>): BotCommand<Schema, Services> => command;
}

// biome-ignore lint/suspicious/noExplicitAny: any command, whatever its options and services: a handler's parameter rejects `unknown`
export type AnyCommand = BotCommand<any, any>;
