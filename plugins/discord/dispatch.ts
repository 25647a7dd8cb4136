import {
  type APIApplicationCommandInteractionDataOption,
  type APIChatInputApplicationCommandInteraction,
  type APIInteractionResponseCallbackData,
  ApplicationCommandOptionType,
  MessageFlags,
} from 'discord-api-types/v10';
import { bannedError } from '../../core/auth/ban-message.ts';
import type { AnyCommand, CommandContext, CommandReply, CommandUser } from '../../core/commands.ts';
import { DomainError } from '../../core/errors.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { DEFAULT_LOCALE, discordLocaleOf, type Locale, pickLocale } from '../../core/i18n/locales.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { isBanActive } from '../../core/shared/ban.ts';
import { meets } from '../../core/shared/permissions.ts';
import type { GuildLocales } from './guild-locales.ts';
import { discordText } from './i18n/index.ts';
import type { OrderMessages } from './notifier.ts';

/** Discord's interaction response data for a reply: nobody is ever pinged by a reply. */
export function toResponseData(reply: CommandReply): APIInteractionResponseCallbackData {
  return {
    ...(reply.content !== undefined ? { content: reply.content } : {}),
    ...(reply.embeds ? { embeds: reply.embeds } : {}),
    ...(reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
    allowed_mentions: { parse: [] },
  };
}

/** `{ name: value }` of a command's options; a subcommand's name as `subcommand`, its options beside it. */
export function flattenOptions(
  options: readonly APIApplicationCommandInteractionDataOption[] | undefined,
): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const option of options ?? []) {
    if (
      option.type === ApplicationCommandOptionType.Subcommand ||
      option.type === ApplicationCommandOptionType.SubcommandGroup
    ) {
      flat[option.type === ApplicationCommandOptionType.Subcommand ? 'subcommand' : 'group'] = option.name;
      Object.assign(flat, flattenOptions(option.options as APIApplicationCommandInteractionDataOption[] | undefined));
    } else if ('value' in option) {
      flat[option.name] = option.value;
    }
  }
  return flat;
}

interface OptionNode {
  name: string;
  description?: string;
  name_localizations?: Record<string, string | null> | null;
  description_localizations?: Record<string, string | null> | null;
  options?: readonly OptionNode[];
}

/** The option of that name, at any depth (a subcommand's options too). */
function findOption(options: readonly OptionNode[] | undefined, name: string): OptionNode | null {
  for (const option of options ?? []) {
    if (option.name === name) return option;
    const inner = findOption(option.options, name);
    if (inner) return inner;
  }
  return null;
}

/**
 * Why the options did not parse, for the caller: in English the schema's own words (`Stars are 1 to 5.`); in another
 * language, whose words the schemas do not have, the option as Discord shows it there, its name and its description.
 */
function optionProblem(
  command: AnyCommand,
  issue: { message: string; path: PropertyKey[] } | undefined,
  locale: Locale,
) {
  const t = discordText(locale);
  const detail = issue?.message ?? 'invalid options';
  const discordLocale = discordLocaleOf(locale);
  const option = typeof issue?.path[0] === 'string' ? findOption(command.data.options, issue.path[0]) : null;
  if (locale === DEFAULT_LOCALE || !discordLocale || !option) return t('badOptions', { detail });
  const name = option.name_localizations?.[discordLocale] ?? option.name;
  const description = option.description_localizations?.[discordLocale] ?? option.description ?? '';
  return t('badOptions', { detail: t('optionHint', { option: name, description }) });
}

function toCommandUser(user: {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}): CommandUser {
  return { id: user.id, username: user.username, globalName: user.global_name ?? null, avatar: user.avatar ?? null };
}

/**
 * The one bot error path and the one place commands are run, whatever the transport: find the command, check its
 * guard against the caller's site permissions, parse its options with its zod schema, run it. A DomainError is an
 * ephemeral reply with its message; anything else is logged and answered with a generic apology (5xx texts never
 * reach users). `respond` is the transport's way to answer (an HTTP response, or the gateway's interaction callback).
 */
export class CommandDispatcher {
  readonly #commands = new Map<string, AnyCommand>();
  readonly #ctx: CoreContext;
  readonly #messages: OrderMessages;
  readonly #guilds: GuildLocales;

  constructor(commands: readonly AnyCommand[], ctx: CoreContext, messages: OrderMessages, guilds: GuildLocales) {
    for (const command of commands) {
      if (this.#commands.has(command.data.name)) throw new Error(`Two slash commands are named /${command.data.name}`);
      this.#commands.set(command.data.name, command);
    }
    this.#ctx = ctx;
    this.#messages = messages;
    this.#guilds = guilds;
  }

  /** Every command, in plugin order (what `/help` lists and `npm run bot:register` registers). */
  list(): AnyCommand[] {
    return [...this.#commands.values()];
  }

  async dispatch(
    interaction: APIChatInputApplicationCommandInteraction,
    respond: (reply: CommandReply) => Promise<void>,
  ): Promise<void> {
    const locale = pickLocale(interaction.locale, interaction.guild_locale);
    // The server's language, for what the bot later posts there for everyone (guild-locales.ts).
    if (interaction.guild_id && interaction.guild_locale)
      await this.#guilds.heard(interaction.guild_id, interaction.guild_locale);
    const t = discordText(locale);
    let replied = false;
    const reply = async (answer: CommandReply) => {
      if (replied) throw new Error('A command replies once');
      replied = true;
      await respond(answer);
      if (answer.trackOrder && !answer.ephemeral) {
        await this.#messages.track(answer.trackOrder, {
          applicationId: interaction.application_id,
          token: interaction.token,
          channelId: interaction.channel?.id ?? interaction.channel_id ?? null,
          locale,
        });
      }
    };
    const fail = async (message: string) => {
      if (!replied) await reply({ content: message, ephemeral: true });
    };
    const rawUser = interaction.member?.user ?? interaction.user;
    const command = this.#commands.get(interaction.data.name);
    try {
      if (!command || !rawUser) return await fail(t('unknownCommand'));
      const user = toCommandUser(rawUser);
      if (command.guard) await this.#checkGuard(user.id, command.guard);
      const parsed = command.options.safeParse(flattenOptions(interaction.data.options));
      if (!parsed.success) return await fail(optionProblem(command, parsed.error.issues[0], locale));
      const resolvedUsers: Record<string, CommandUser> = {};
      for (const [id, u] of Object.entries(interaction.data.resolved?.users ?? {}))
        resolvedUsers[id] = toCommandUser(u);
      const ctx: CommandContext = {
        user,
        locale,
        guildId: interaction.guild_id ?? null,
        channelId: interaction.channel?.id ?? interaction.channel_id ?? null,
        options: parsed.data as Record<string, unknown>,
        resolvedUsers,
        appPermissions: interaction.app_permissions ? BigInt(interaction.app_permissions) : null,
        interaction: { id: interaction.id, applicationId: interaction.application_id, token: interaction.token },
        services: this.#ctx.services,
        now: this.#ctx.now,
        reply,
      };
      await command.handler(ctx);
      if (!replied) await reply({ content: t('done'), ephemeral: true });
    } catch (error) {
      if (error instanceof DomainError && (error.statusCode < 500 || error.kind === 'unavailable'))
        return await fail(error.inLocale?.(locale) ?? error.message);
      this.#ctx.log.error({ err: error, command: interaction.data.name }, 'slash command failed');
      await fail(t('apology'));
    }
  }

  /** The caller's site account must meet the command's requirement (their Discord id is their user id here). */
  async #checkGuard(userId: string, requirement: NonNullable<AnyCommand['guard']>): Promise<void> {
    // As a session shows them: their ranks' permissions merged, in one statement.
    const current = (await this.#ctx.sessions.usersOf([userId])).get(userId);
    if (!current)
      throw localizedError(discordText, 'forbidden', 'signInFirst', { publicUrl: this.#ctx.config.publicUrl });
    // A banned member of staff is refused as on the site (403 with the ban text), whatever their ranks.
    if (current.ban && isBanActive(current.ban, new Date(this.#ctx.now()))) throw bannedError(current.ban);
    if (!meets(current, requirement)) throw localizedError(discordText, 'forbidden', 'notStaff');
  }
}
