import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { startDiscordStandIn, type DiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { APPLICATION_ID } from '../../tests/stand-ins/discord/interactions.ts';
import type { OrdersPlugin } from '../orders/index.ts';
import type { DiscordPlugin } from './index.ts';
import { INTERACTION_TOKEN_MS, OrderMessages } from './notifier.ts';

/**
 * Several processes (web replicas, bot shards) hear every order event through the event bridge, and each edits the
 * order's status message. Once the interaction token has expired the first of them posts a new channel message:
 * read "no message yet", decide to post, write its id. On PostgreSQL they race for real.
 */
describe('order status messages from several processes', () => {
  let app: TestApp;
  let discord: DiscordStandIn;
  let clock = Date.now();

  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'bot-token' });
    app = await createTestApp({
      env: { ORDER_SWEEP_INTERVAL_MS: '0', DISCORD_TOKEN: discord.botToken, DISCORD_API_URL: discord.apiUrl, DISCORD_APPLICATION_ID: APPLICATION_ID },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  it('five processes updating one order after its token expired post one status message, then edit it', async () => {
    const { orders } = app.server.ctx.services.orders as OrdersPlugin;
    const { messages, rest } = app.server.ctx.services.discord as DiscordPlugin;
    const customer = await app.createUser();
    const channel = '700000000000000901';
    const order = await orders.createOrder({ customerId: customer.id, guildId: '800000000000000901', channelId: channel, item: 'Pancakes' });
    await messages.track(order.id, { applicationId: APPLICATION_ID, token: 'expired-token', channelId: channel });
    clock += INTERACTION_TOKEN_MS + 60_000;
    const processes = Array.from(
      { length: 4 },
      () => new OrderMessages({ orm: app.db.orm, rest, orders: () => orders, config: app.config, now: () => clock, log: app.server.app.log }),
    );
    await Promise.all([messages, ...processes].map((p) => p.updateStatus(order)));
    const posted = discord.messagesIn(channel);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.edits).toHaveLength(4);
  });
});
