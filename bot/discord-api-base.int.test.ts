import type { APIEmbed } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBits } from '../core/shared/permissions.ts';
import type { DiscordPlugin } from '../plugins/discord/index.ts';
import { plugins } from '../plugins/index.ts';
import type { NotificationsPlugin } from '../plugins/notifications/index.ts';
import '../plugins/notifications/events.ts';
import { commandsOf } from '../core/plugin.ts';
import type { OrdersPlugin } from '../plugins/orders/index.ts';
import {
  APPLICATION_ID,
  commandInteraction,
  createInteractionSigner,
  type InteractionSigner,
} from '../tests/stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../tests/stand-ins/discord/server.ts';
import { slowPlugin } from '../tests/stand-ins/discord/slow-command.ts';
import { type DiscordHostGuard, refuseDiscordHosts } from '../tests/support/discord-hosts.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { until } from '../tests/support/until.ts';
import { type BotClient, startBotClient } from './client.ts';
import { registerCommands } from './commands.ts';

/**
 * DISCORD_API_URL is where every Discord call goes (issue 39): this process cannot resolve or reach discord.com at all
 * (tests/support/discord-hosts.ts), and each kind of call the bot makes must arrive at the stand-in. Gateway client,
 * HTTP interactions, deferred replies, status edits, deliveries, DMs, notices and command registration.
 */
describe('every Discord call goes to DISCORD_API_URL', () => {
  let guard: DiscordHostGuard;
  let discord: DiscordStandIn;
  let signer: InteractionSigner;
  let app: TestApp;
  let bot: BotClient;
  let n = 0;
  const customer = () => ({ id: `50000000000007${String(1000 + ++n)}`, username: `local${n}` });
  const services = () =>
    app.server.ctx.services as { orders: OrdersPlugin; discord: DiscordPlugin; notifications: NotificationsPlugin };
  const called = (method: string, path: RegExp) =>
    discord.requests.some((r) => r.method === method && path.test(r.path));

  beforeAll(async () => {
    guard = refuseDiscordHosts();
    discord = await startDiscordStandIn({
      botToken: 'local-bot-token',
      applicationId: APPLICATION_ID,
      heartbeatIntervalMs: 250,
    });
    signer = createInteractionSigner();
    app = await createTestApp({
      plugins: [...plugins.slice(0, -1), slowPlugin, plugins.at(-1)!],
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        ORDER_COOKING_TIME_S: '0',
        DISCORD_PUBLIC_KEY: signer.publicKey,
        DISCORD_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
        BOT_ORDER_COOLDOWN_S: '0',
      },
    });
    bot = await startBotClient({ config: app.config, discord: services().discord, log: app.server.app.log });
  });
  afterAll(async () => {
    await bot?.stop();
    await app?.close();
    await discord?.close();
    guard?.restore();
  });

  async function interaction(name: string, options: Parameters<typeof commandInteraction>[1]) {
    const sent = commandInteraction(name, options);
    const payload = JSON.stringify(sent);
    const res = await app.inject({
      method: 'POST',
      url: '/api/interactions',
      payload,
      headers: signer.headers(payload),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: sent.token, answer: res.json() as { type: number; data?: { embeds?: APIEmbed[] } } };
  }

  it("refuses Discord's own hosts in this test: the check would see a call that went there", async () => {
    await expect(fetch('https://discord.com/api/v10/gateway')).rejects.toThrow();
    expect(guard.attempts.length).toBeGreaterThan(0);
    guard.attempts.length = 0;
  });

  it('gateway client: connects and answers an /order through the stand-in', async () => {
    await discord.gateway.waitForSessions(1);
    const order = commandInteraction('order', { user: customer(), options: { item: 'Gateway fries' } });
    discord.gateway.dispatch('INTERACTION_CREATE', order);
    await until(() => discord.bot.originals.get(order.token));
    expect(called('GET', /\/api\/v10\/gateway\/bot$/)).toBe(true);
    expect(called('POST', new RegExp(`/interactions/${order.id}/${order.token}/callback$`))).toBe(true);
    expect(guard.attempts).toEqual([]);
  });

  it("HTTP interactions: the order's status edits, its delivery, the DM when the channel refuses", async () => {
    const channel = '700000000000000901';
    discord.failChannel(channel, 403);
    const user = customer();
    const { token, answer } = await interaction('order', {
      user,
      options: { item: 'Local pizza' },
      channelId: channel,
    });
    const orderID = answer.data!.embeds![0]!.fields!.find((f) => f.name === 'Order ID')!.value;
    const kitchen = await app.createUser({ permissions: ['MANAGE_ORDERS'] });
    const staff = { id: kitchen.id, permissions: toBits(['MANAGE_ORDERS']) };
    const { orders, sweeper } = services().orders;
    await orders.claim(staff, orderID);
    await orders.prepare(staff, orderID, { images: ['https://img.test/pizza.png'], chefNote: null });
    await sweeper.sweep();
    await orders.deliver(staff, orderID, { report: false, reportReason: null });
    await services().discord.messages.idle();
    expect(discord.bot.originals.get(token)!.edits.length).toBeGreaterThan(0);
    expect(called('POST', new RegExp(`/channels/${channel}/messages$`))).toBe(true);
    expect(discord.dmsTo(user.id)).toHaveLength(1);
    expect(guard.attempts).toEqual([]);
  });

  it('a deferred reply: the "thinking" message deleted and the ephemeral follow-up sent through the stand-in', async () => {
    const { token, answer } = await interaction('slow', {
      user: customer(),
      options: [{ name: 'private', type: 5, value: true }] as never,
    });
    expect(answer.type).toBe(5);
    await until(() => discord.bot.followUps.get(token));
    expect(discord.bot.deletedOriginals.has(token)).toBe(true);
    expect(guard.attempts).toEqual([]);
  });

  it('a notice as a DM, and the slash commands registered', async () => {
    const user = await app.createUser();
    app.server.ctx.events.publish('notice', {
      userId: user.id,
      ref: 'local:1',
      kind: 'appeal.denied',
      text: 'Told locally.',
      link: null,
    });
    await until(() => discord.dmsTo(user.id).length > 0);
    const commands = commandsOf(plugins);
    expect(await registerCommands(app.config, commands)).toBe(commands.length);
    expect(guard.attempts).toEqual([]);
  });
});
