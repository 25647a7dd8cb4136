import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_ID } from '../../tests/stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { UNKNOWN_MESSAGE_RECHECK_MS } from './notifier.ts';
import { otherProcessMessages } from './test-helpers.ts';

/**
 * Without a bot token, the order's status message is the interaction's reply, which only its token edits: while the
 * token lasts each order event edits it; once Discord's 15 minutes have passed nothing edits it any more.
 */
describe('order status messages without a bot token', () => {
  let app: TestApp;
  let discord: DiscordStandIn;
  let clock = Date.now();

  beforeAll(async () => {
    discord = await startDiscordStandIn();
    app = await createTestApp({
      env: { ORDER_SWEEP_INTERVAL_MS: '0', DISCORD_API_URL: discord.apiUrl, DISCORD_APPLICATION_ID: APPLICATION_ID },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  it('edits the reply while its token lasts, and leaves it once the token has expired', async () => {
    const { orders } = appServices(app.server.ctx).orders;
    const { messages } = appServices(app.server.ctx).discord;
    const order = await orders.createOrder({
      customerId: (await app.createUser()).id,
      guildId: '800000000000000911',
      channelId: '700000000000000911',
      item: 'Omelette',
    });
    await messages.track(order.id, {
      applicationId: APPLICATION_ID,
      token: 'fresh-token',
      channelId: order.channelId,
      locale: 'en',
    });
    const edits = () => discord.bot.originals.get('fresh-token')?.edits.length ?? 0;

    await messages.updateStatus(order);
    expect(edits()).toBe(1);

    clock += 15 * 60 * 1000;
    await messages.updateStatus(order);
    expect(edits()).toBe(1);
  });

  it('keeps the status message in the language its customer ordered in, in this process and in another', async () => {
    const { orders } = appServices(app.server.ctx).orders;
    const { messages } = appServices(app.server.ctx).discord;
    const order = await orders.createOrder({
      customerId: (await app.createUser()).id,
      guildId: '800000000000000912',
      channelId: '700000000000000912',
      item: 'Croque-monsieur',
    });
    await messages.track(order.id, {
      applicationId: APPLICATION_ID,
      token: 'fr-token',
      channelId: order.channelId,
      locale: 'fr',
    });
    const lastEmbed = () => discord.bot.originals.get('fr-token')?.edits.at(-1)?.embeds[0];
    const french = {
      title: `Commande ${order.orderID}`,
      fields: [
        { name: 'N° de commande', value: order.orderID, inline: true },
        { name: 'Statut', value: 'En attente en cuisine', inline: true },
      ],
    };
    await messages.updateStatus(order);
    expect(lastEmbed()).toMatchObject(french);
    // Another process knows nothing of this order: it reads where the message is, and its language, from the table.
    await otherProcessMessages(app, () => clock).updateStatus(order);
    expect(discord.bot.originals.get('fr-token')?.edits).toHaveLength(2);
    expect(lastEmbed()).toMatchObject(french);
  });

  it('edits an order another process tracked after this one found no status message, within a minute', async () => {
    const { orders } = appServices(app.server.ctx).orders;
    const { messages } = appServices(app.server.ctx).discord;
    const otherProcess = otherProcessMessages(app, () => clock);
    const order = await orders.createOrder({
      customerId: (await app.createUser()).id,
      guildId: '800000000000000912',
      channelId: '700000000000000912',
      item: 'Waffles',
    });
    const edits = () => discord.bot.originals.get('late-token')?.edits.length ?? 0;

    await messages.updateStatus(order);
    await otherProcess.track(order.id, {
      applicationId: APPLICATION_ID,
      token: 'late-token',
      channelId: order.channelId,
      locale: 'en',
    });
    await otherProcess.updateStatus(order);
    expect(edits()).toBe(1);

    await messages.updateStatus(order);
    expect(edits()).toBe(1);
    clock += UNKNOWN_MESSAGE_RECHECK_MS;
    await messages.updateStatus(order);
    expect(edits()).toBe(2);
  });
});
