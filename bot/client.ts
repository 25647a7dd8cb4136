import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import {
  type APIChatInputApplicationCommandInteraction,
  type APIInteraction,
  ApplicationCommandType,
  GatewayDispatchEvents,
  type GatewayDispatchPayload,
  InteractionType,
  Routes,
} from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../core/config.ts';
import type { DiscordPlugin } from '../plugins/discord/index.ts';
import { respondInTime } from '../plugins/discord/respond.ts';

export interface BotClient {
  client: Client;
  stop(): Promise<void>;
}

/**
 * The discord.js gateway client: it only moves Discord's events to the plugins. Interactions go to the same
 * dispatcher as POST /api/interactions (the raw payload, so both transports run identical code, deferral after 2 s
 * included), answered through the interaction callback; GUILD_CREATE and GUILD_UPDATE give each server's language
 * (`preferred_locale`) to the discord plugin's GuildLocales; GUILD_DELETE (the bot was removed, not an outage) cancels
 * that server's active orders.
 * Shard settings come from discord.js's ShardingManager environment when it spawned us (bot/main.ts).
 */
export async function startBotClient(options: {
  config: Config;
  discord: DiscordPlugin;
  log: FastifyBaseLogger;
}): Promise<BotClient> {
  const { config, discord, log } = options;
  if (!config.discord.token) throw new Error('DISCORD_TOKEN is not set');
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: config.discord.apiUrl },
  });

  const answer = (interaction: APIInteraction, body: unknown) =>
    client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), { body, auth: false });

  client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
    if (packet.t === GatewayDispatchEvents.InteractionCreate) {
      const interaction = packet.d;
      if (
        interaction.type !== InteractionType.ApplicationCommand ||
        interaction.data.type !== ApplicationCommandType.ChatInput
      )
        return;
      respondInTime(discord.dispatcher, discord.rest, interaction as APIChatInputApplicationCommandInteraction, log)
        .then((response) => answer(interaction, response))
        .catch((error: unknown) => log.error({ err: error }, 'could not answer an interaction'));
    } else if (packet.t === GatewayDispatchEvents.GuildCreate || packet.t === GatewayDispatchEvents.GuildUpdate) {
      // Every server at connect, one the bot joins, and a change: its language, for what the bot posts there for
      // everyone (GuildLocales stores a connect's thousands in batches). An unavailable server's payload has none.
      if (packet.d.preferred_locale) void discord.guilds.heard(packet.d.id, packet.d.preferred_locale);
    } else if (packet.t === GatewayDispatchEvents.GuildDelete && !packet.d.unavailable) {
      discord.messages
        .guildRemoved(packet.d.id)
        .then((count) =>
          log.info(
            { guildId: packet.d.id, cancelled: count },
            'removed from a server: its active orders are cancelled',
          ),
        )
        .catch((error: unknown) =>
          log.error({ err: error, guildId: packet.d.id }, 'could not cancel the orders of a server the bot left'),
        );
    }
  });
  client.on(Events.Error, (error) => log.error({ err: error }, 'discord.js client error'));

  const ready = once(client, Events.ClientReady);
  await client.login(config.discord.token);
  await ready;
  log.info({ user: client.user?.tag, shards: client.shard?.ids ?? [0] }, 'the bot is connected to the Discord gateway');
  return {
    client,
    async stop() {
      await client.destroy();
    },
  };
}
