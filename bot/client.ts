import { WebSocketManager, WebSocketShardEvents } from '@discordjs/ws';
import {
  type APIChatInputApplicationCommandInteraction,
  type APIUser,
  ApplicationCommandType,
  GatewayDispatchEvents,
  type GatewayDispatchPayload,
  GatewayIntentBits,
  InteractionType,
} from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../core/config.ts';
import type { DiscordPlugin } from '../plugins/discord/index.ts';
import { respondInTime } from '../plugins/discord/respond.ts';

export interface BotClient {
  /** The bot's own user, as the first shard's READY said. */
  user: APIUser;
  /** The last heartbeat's round trip in ms (any shard of this process), null before the first acknowledgement. */
  readonly ping: number | null;
  stop(): Promise<void>;
}

/** Which shards this process holds, of how many in all. */
export interface ShardSet {
  ids: number[];
  count: number;
}

/**
 * The gateway client: it only moves Discord's events to the plugins, on `@discordjs/ws`'s WebSocketManager (the
 * gateway layer discord.js's own Client runs on: identify, heartbeats, resume and reconnects, without the Client's
 * caches: docs/adr/0022-the-gateway-client-on-discordjs-ws.md). The same code runs in the web process (one shard) and in
 * each shard process of `npm run bot` (the shard ShardingManager gave it: bot/shard.ts).
 */
export async function startBotClient(options: {
  config: Config;
  discord: DiscordPlugin;
  log: FastifyBaseLogger;
  /** In the web process: shard 0 of 1. */
  shards?: ShardSet;
}): Promise<BotClient> {
  const { config, discord, log, shards = { ids: [0], count: 1 } } = options;
  if (!config.discord.token) throw new Error('DISCORD_TOKEN is not set');
  const manager = new WebSocketManager({
    token: config.discord.token,
    intents: GatewayIntentBits.Guilds,
    // For GET /gateway/bot (the gateway's URL, at DISCORD_API_URL): the discord plugin's client, the one every call
    // of the bot goes through.
    rest: await discord.rest.client(),
    shardCount: shards.count,
    shardIds: shards.ids,
  });
  // Set by the shards' events.
  const heard: { user: APIUser | null; ping: number | null } = { user: null, ping: null };
  manager.on(WebSocketShardEvents.Dispatch, ({ data }) => handleDispatch(data, discord, log));
  manager.on(WebSocketShardEvents.Ready, ({ data }) => {
    heard.user ??= data.user;
  });
  manager.on(WebSocketShardEvents.HeartbeatComplete, ({ latency }) => {
    heard.ping = latency;
  });
  manager.on(WebSocketShardEvents.Error, ({ error, shardId }) =>
    log.error({ err: error, shardId }, 'Discord gateway error'),
  );

  // Resolves once every shard of this process has had its READY.
  await manager.connect();
  log.info({ user: heard.user?.username, shards: shards.ids }, 'the bot is connected to the Discord gateway');
  return {
    user: heard.user!,
    get ping() {
      return heard.ping;
    },
    async stop() {
      await manager.destroy();
    },
  };
}

/**
 * One raw dispatch of a shard. Interactions go to the same dispatcher as POST /api/interactions (the raw payload, so
 * both transports run identical code, deferral after 2 s included), answered through the interaction callback;
 * GUILD_CREATE and GUILD_UPDATE give each server's language (`preferred_locale`) to the discord plugin's
 * GuildLocales; GUILD_DELETE (the bot was removed, not an outage) cancels that server's active orders.
 */
function handleDispatch(packet: GatewayDispatchPayload, discord: DiscordPlugin, log: FastifyBaseLogger): void {
  if (packet.t === GatewayDispatchEvents.InteractionCreate) {
    const interaction = packet.d;
    if (
      interaction.type !== InteractionType.ApplicationCommand ||
      interaction.data.type !== ApplicationCommandType.ChatInput
    )
      return;
    respondInTime(discord.dispatcher, discord.rest, interaction as APIChatInputApplicationCommandInteraction, log)
      .then((response) => discord.rest.answerInteraction(interaction.id, interaction.token, response))
      .catch((error: unknown) => log.error({ err: error }, 'could not answer an interaction'));
  } else if (packet.t === GatewayDispatchEvents.GuildCreate || packet.t === GatewayDispatchEvents.GuildUpdate) {
    // Every server at connect, one the bot joins, and a change: its language, for what the bot posts there for
    // everyone (GuildLocales stores a connect's thousands in batches). An unavailable server's payload has none.
    if (packet.d.preferred_locale) void discord.guilds.heard(packet.d.id, packet.d.preferred_locale);
  } else if (packet.t === GatewayDispatchEvents.GuildDelete && !packet.d.unavailable) {
    discord.messages
      .guildRemoved(packet.d.id)
      .then((count) =>
        log.info({ guildId: packet.d.id, cancelled: count }, 'removed from a server: its active orders are cancelled'),
      )
      .catch((error: unknown) =>
        log.error({ err: error, guildId: packet.d.id }, 'could not cancel the orders of a server the bot left'),
      );
  }
}
