import type { APIEmbed, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsOf } from '../core/plugin.ts';
import { toBits } from '../core/shared/permissions.ts';
import { discordSql } from '../plugins/discord/sql.ts';
import { appServices } from '../plugins/index.ts';
import type { StandInGuild } from '../tests/stand-ins/discord/guilds.ts';
import { APPLICATION_ID, commandInteraction } from '../tests/stand-ins/discord/interactions.ts';
import {
  type DiscordStandIn,
  type DiscordStandInOptions,
  startDiscordStandIn,
} from '../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { until } from '../tests/support/until.ts';
import { type BotClient, startBotClient } from './client.ts';

/**
 * The servers the bot is in when it connects: a burst of GUILD_CREATEs, each with the server's language, more than one
 * batch of GuildLocales' (1,000). A French one among them has never sent an interaction.
 */
const TAGS = ['fr', 'de', 'es-ES', 'pt-BR'] as const;
const CONNECTED: StandInGuild[] = Array.from({ length: 2_400 }, (_, i) => ({
  id: `81${String(i).padStart(16, '0')}`,
  preferredLocale: TAGS[i % TAGS.length]!,
}));
const FRENCH = CONNECTED[0]!;

/** What a describe below runs on: a stand-in, a diner whose bot talks to it, and the gateway client connected. */
interface ConnectedBot {
  discord: DiscordStandIn;
  app: TestApp;
  bot: BotClient;
}

/** Made before the describe's tests (the stand-in with `standIn`, the diner with `env` too), closed after them. */
function connectedBot(standIn: DiscordStandInOptions, env: Record<string, string> = {}): Readonly<ConnectedBot> {
  const made: Partial<ConnectedBot> = {};
  beforeAll(async () => {
    const discord = await startDiscordStandIn({
      botToken: 'gateway-bot-token',
      applicationId: APPLICATION_ID,
      ...standIn,
    });
    made.discord = discord;
    const app = await createTestApp({
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        DISCORD_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
        ...env,
      },
    });
    made.app = app;
    made.bot = await startBotClient({
      config: app.config,
      discord: appServices(app.server.ctx).discord,
      log: app.server.app.log,
    });
  });
  afterAll(async () => {
    await made.bot?.stop();
    await made.app?.close();
    await made.discord?.close();
  });
  return made as ConnectedBot;
}

/** The gateway client (@discordjs/ws) against the stand-in's gateway: in-process, on the embedded database. */
describe('the gateway client', () => {
  // Short, to see heartbeats soon; not shorter: @discordjs/ws takes an ACK that comes after the next heartbeat is due for
  // a dead connection and connects again, and a dispatch sent meanwhile is lost (on a busy machine, at 250 ms).
  const connected = connectedBot({ heartbeatIntervalMs: 1_000 });

  it('identifies with the bot token and heartbeats', async () => {
    const { discord, bot } = connected;
    await discord.gateway.waitForSessions(1);
    const identify = discord.gateway.received.find((m) => m.op === 2)!;
    expect(identify.d).toMatchObject({ token: 'gateway-bot-token', shard: [0, 1] });
    expect(bot.user.id).toBe(APPLICATION_ID);
    await until(() => discord.gateway.received.filter((m) => m.op === 1).length >= 2);
    // Acknowledged: the client measured a heartbeat's round trip.
    expect(await until(() => bot.ping !== null && bot.ping)).toBeGreaterThanOrEqual(0);
  });

  it('answers a dispatched /order through the interaction callback and creates the order; GUILD_DELETE cancels it', async () => {
    const { discord, app } = connected;
    const guild = '800000000000000555';
    const interaction = commandInteraction('order', {
      user: { id: '500000000000099001', username: 'gateway_guest' },
      options: { item: 'Gateway burger' },
      guildId: guild,
    });
    discord.gateway.dispatch('INTERACTION_CREATE', interaction);
    const reply = await until(() => discord.bot.originals.get(interaction.token));
    const orderID = (reply.embeds[0] as APIEmbed).fields!.find((f) => f.name === 'Order ID')!.value;
    const callback = discord.requests.find((r) =>
      r.path.endsWith(`/interactions/${interaction.id}/${interaction.token}/callback`),
    )!;
    expect(callback.body).toMatchObject({ type: 4, data: { allowed_mentions: { parse: [] } } });
    const { orders } = appServices(app.server.ctx).orders;
    expect(await orders.get(orderID)).toMatchObject({ item: 'Gateway burger', status: 'ORDERED', guildId: guild });

    discord.gateway.dispatch('GUILD_DELETE', { id: guild });
    const cancelled = await until(async () => {
      const order = await orders.get(orderID);
      return order.status === 'CANCELLED' && order;
    });
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      cancelReason: expect.stringMatching(/removed from the server/),
    });
  });

  it('leaves orders alone when a server is only unavailable (an outage)', async () => {
    const { discord, app } = connected;
    const guild = '800000000000000556';
    const interaction = commandInteraction('order', {
      user: { id: '500000000000099002', username: 'outage_guest' },
      options: { item: 'Soup' },
      guildId: guild,
    });
    discord.gateway.dispatch('INTERACTION_CREATE', interaction);
    const reply = await until(() => discord.bot.originals.get(interaction.token));
    const orderID = (reply.embeds[0] as APIEmbed).fields!.find((f) => f.name === 'Order ID')!.value;
    // Then a server that really removed the bot, with an order of its own: once that order is cancelled, the outage
    // dispatched before it has been handled too.
    const gone = '800000000000000557';
    const goneInteraction = commandInteraction('order', {
      user: { id: '500000000000099003', username: 'gone_guest' },
      options: { item: 'Salad' },
      guildId: gone,
    });
    discord.gateway.dispatch('INTERACTION_CREATE', goneInteraction);
    const goneReply = await until(() => discord.bot.originals.get(goneInteraction.token));
    const goneOrderID = (goneReply.embeds[0] as APIEmbed).fields!.find((f) => f.name === 'Order ID')!.value;
    const { orders } = appServices(app.server.ctx).orders;
    discord.gateway.dispatch('GUILD_DELETE', { id: guild, unavailable: true });
    discord.gateway.dispatch('GUILD_DELETE', { id: gone });
    await until(async () => (await orders.get(goneOrderID)).status === 'CANCELLED');
    expect((await orders.get(orderID)).status).toBe('ORDERED');
  });
});

/**
 * The gateway client told every server's language at connect: a burst of GUILD_CREATEs. Discord's own heartbeat
 * interval (the stand-in's default): the ACK of a heartbeat sent during the burst comes after it, and one that comes
 * after the next heartbeat is due is a dead connection to @discordjs/ws.
 */
describe("the gateway client and the servers' languages", () => {
  const connected = connectedBot({ guilds: CONNECTED }, { ORDER_COOKING_TIME_S: '0' });

  it("keeps every server's language from the GUILD_CREATEs at connect", async () => {
    const { app } = connected;
    const { guilds } = appServices(app.server.ctx).discord;
    // Stored in the order they came: once the last is there, every one before it is.
    const last = CONNECTED.at(-1)!;
    await until(async () => (await guilds.of(last.id)) === 'pt-BR', 20_000);
    expect(await guilds.of(FRENCH.id)).toBe('fr');
    // Every one of them, read in one statement (thousands of `of` calls would take long).
    const rows = await discordSql(app.db.orm.em.fork())
      .selectFrom('discord_guilds')
      .select(['guild_id', 'locale'])
      .where(
        'guild_id',
        'in',
        CONNECTED.map((guild) => guild.id),
      )
      .execute();
    const stored = new Map(rows.map((row) => [row.guild_id, row.locale]));
    expect(CONNECTED.map((guild) => stored.get(guild.id))).toEqual(CONNECTED.map((guild) => guild.preferredLocale));
  });

  it('posts the default delivery in French for a French server that never sent an interaction', async () => {
    const { discord, app } = connected;
    const { orders, sweeper } = appServices(app.server.ctx).orders;
    await until(async () => (await appServices(app.server.ctx).discord.guilds.of(FRENCH.id)) === 'fr');
    const staff = async () => ({
      id: (await app.createUser({ permissions: ['MANAGE_ORDERS'] })).id,
      permissions: toBits(['MANAGE_ORDERS']),
    });
    const [chef, driver] = [await staff(), await staff()];
    const channel = '700000000000000555';
    const order = await orders.createOrder({
      customerId: (await app.createUser()).id,
      item: 'Croque-monsieur',
      guildId: FRENCH.id,
      channelId: channel,
    });
    await orders.claim(chef, order.id);
    await orders.prepare(chef, order.id, { images: ['/uploads/abcdefghijklmnopqrstuvwx.png'], chefNote: null });
    await sweeper.sweep();
    await orders.deliver(driver, order.id, { report: false, reportReason: null });
    const [posted] = await until(() => discord.messagesIn(channel).length > 0 && discord.messagesIn(channel));
    expect(posted!.content).toMatch(
      new RegExp(
        `^Voici votre commande, <@${order.orderedBy.id}> : Croque-monsieur ! Préparée par user\\d+ et livrée par user\\d+\\. Bon appétit ! \\(Commande ${order.orderID}\\)$`,
      ),
    );
  });

  it("hears a server the bot joins (GUILD_CREATE) and a server's new language (GUILD_UPDATE)", async () => {
    const { discord, app } = connected;
    const { guilds } = appServices(app.server.ctx).discord;
    const joined = { id: '820000000000000001', preferredLocale: 'de' };
    discord.gateway.join(joined);
    await until(async () => (await guilds.of(joined.id)) === 'de');
    discord.gateway.updateGuild({ ...joined, preferredLocale: 'es-419' });
    await until(async () => (await guilds.of(joined.id)) === 'es');
    discord.gateway.updateGuild({ ...FRENCH, preferredLocale: 'pt-BR' });
    await until(async () => (await guilds.of(FRENCH.id)) === 'pt-BR');
  });
});

describe('npm run bot:register', () => {
  it('puts every plugin’s commands, globally or in one server', async () => {
    const { registerCommands } = await import('./commands.ts');
    const { loadConfig } = await import('../core/config.ts');
    const { plugins } = await import('../plugins/index.ts');
    const discord = await startDiscordStandIn({ botToken: 'register-token' });
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DISCORD_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
      });
      const commands = commandsOf(plugins);
      expect(await registerCommands(config, commands)).toBe(commands.length);
      expect(await registerCommands(config, commands, '800000000000000001')).toBe(commands.length);
      const names = (discord.bot.commands.get('global') as { name: string }[]).map((c) => c.name);
      // Every command the plugins' definitions declare, in plugin order.
      expect(names).toEqual(commands.map((command) => command.data.name));
      expect(names).toEqual(expect.arrayContaining(['order', 'hourly', 'kitchen']));
      expect(discord.bot.commands.get('800000000000000001')).toHaveLength(commands.length);
      // With their names and descriptions in every language the diner speaks, for Discord's clients.
      const order = (discord.bot.commands.get('global') as RESTPostAPIChatInputApplicationCommandsJSONBody[]).find(
        (c) => c.name === 'order',
      )!;
      expect(order).toMatchObject({
        description: 'Order food from the Virtual Diner kitchen',
        name_localizations: { fr: 'commander', de: 'bestellen', 'es-ES': 'pedir', 'es-419': 'pedir', 'pt-BR': 'pedir' },
        description_localizations: { fr: 'Commander à manger à la cuisine de Virtual Diner' },
        options: [{ name: 'item', name_localizations: { fr: 'plat' }, description: 'What would you like?' }],
      });
    } finally {
      await discord.close();
    }
  });
});
