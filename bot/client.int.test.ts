import type { APIEmbed, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsOf } from '../core/plugin.ts';
import { appServices } from '../plugins/index.ts';
import { APPLICATION_ID, commandInteraction } from '../tests/stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { until } from '../tests/support/until.ts';
import { type BotClient, startBotClient } from './client.ts';

/** The real discord.js client against the stand-in's gateway: in-process, on the embedded database. */
describe('the discord.js gateway client', () => {
  let discord: DiscordStandIn;
  let app: TestApp;
  let bot: BotClient;

  beforeAll(async () => {
    discord = await startDiscordStandIn({
      botToken: 'gateway-bot-token',
      applicationId: APPLICATION_ID,
      heartbeatIntervalMs: 250,
    });
    app = await createTestApp({
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        DISCORD_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
      },
    });
    bot = await startBotClient({
      config: app.config,
      discord: appServices(app.server.ctx).discord,
      log: app.server.app.log,
    });
  });
  afterAll(async () => {
    await bot?.stop();
    await app?.close();
    await discord?.close();
  });

  it('identifies with the bot token and heartbeats', async () => {
    await discord.gateway.waitForSessions(1);
    const identify = discord.gateway.received.find((m) => m.op === 2)!;
    expect(identify.d).toMatchObject({ token: 'gateway-bot-token', shard: [0, 1] });
    expect(bot.client.user?.id).toBe(APPLICATION_ID);
    await until(() => discord.gateway.received.filter((m) => m.op === 1).length >= 2);
    expect(bot.client.ws.ping).toBeGreaterThanOrEqual(0);
  });

  it('answers a dispatched /order through the interaction callback and creates the order; GUILD_DELETE cancels it', async () => {
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
