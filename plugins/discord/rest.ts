import type { REST } from '@discordjs/rest';
import { type APIInteractionResponse, type RESTPostAPIChannelMessageJSONBody, Routes } from 'discord-api-types/v10';
import type { Config } from '../../core/config.ts';

export type MessageBody = RESTPostAPIChannelMessageJSONBody;

/** Discord's answer status of a failed call (403 missing access, 404 unknown channel…), or 0 for no answer. */
export function discordStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/**
 * The calls the bot makes, through discord.js's REST client (`@discordjs/rest`: rate limits, retries) pointed at
 * DISCORD_API_URL, so tests run them against tests/stand-ins/discord. It is loaded on first use, and on its own:
 * discord.js itself is loaded only by `npm run bot`'s ShardingManager (bot/main.ts).
 */
export class DiscordRest {
  readonly #config: Config;
  #rest: Promise<REST> | null = null;

  constructor(config: Config) {
    this.#config = config;
  }

  /** Bot calls need DISCORD_TOKEN; interaction webhooks (the reply's token) do not. */
  get canPost(): boolean {
    return Boolean(this.#config.discord.token);
  }

  /** The REST client itself, loaded on first use: one per process, so the bot's calls share Discord's rate limits. */
  client(): Promise<REST> {
    this.#rest ??= import('@discordjs/rest').then(({ REST }) => {
      const rest = new REST({ api: this.#config.discord.apiUrl, version: '10', timeout: 10_000, retries: 1 });
      if (this.#config.discord.token) rest.setToken(this.#config.discord.token);
      return rest;
    });
    return this.#rest;
  }

  async postMessage(channelId: string, body: MessageBody): Promise<{ id: string }> {
    return (await (await this.client()).post(Routes.channelMessages(channelId), { body })) as { id: string };
  }

  async editMessage(channelId: string, messageId: string, body: MessageBody): Promise<void> {
    await (await this.client()).patch(Routes.channelMessage(channelId, messageId), { body });
  }

  /** Answers a gateway interaction (the HTTP transport answers in its response's body instead). */
  async answerInteraction(interactionId: string, token: string, body: APIInteractionResponse): Promise<void> {
    await (await this.client()).post(Routes.interactionCallback(interactionId, token), { body, auth: false });
  }

  /** Edits an interaction's original reply (valid 15 minutes after the interaction). */
  async editOriginal(applicationId: string, token: string, body: MessageBody): Promise<void> {
    await (await this.client()).patch(Routes.webhookMessage(applicationId, token, '@original'), { body, auth: false });
  }

  /** Deletes an interaction's original reply (a deferred reply that turns out to be for the caller only). */
  async deleteOriginal(applicationId: string, token: string): Promise<void> {
    await (await this.client()).delete(Routes.webhookMessage(applicationId, token, '@original'), { auth: false });
  }

  /** A follow-up message to an interaction (ephemeral with flags 64). */
  async followUp(applicationId: string, token: string, body: MessageBody): Promise<{ id: string }> {
    return (await (await this.client()).post(Routes.webhook(applicationId, token), { body, auth: false })) as {
      id: string;
    };
  }

  /** The server a channel belongs to (null: a DM or group channel). */
  async channelGuild(channelId: string): Promise<string | null> {
    const channel = (await (await this.client()).get(Routes.channel(channelId))) as { guild_id?: string };
    return channel.guild_id ?? null;
  }

  /** Opens (or finds) the DM channel with a user and posts there. */
  async directMessage(userId: string, body: MessageBody): Promise<{ id: string }> {
    const rest = await this.client();
    const channel = (await rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as { id: string };
    return (await rest.post(Routes.channelMessages(channel.id), { body })) as { id: string };
  }
}
