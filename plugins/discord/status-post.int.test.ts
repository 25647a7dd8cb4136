import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_ID } from '../../tests/stand-ins/discord/interactions.ts';
import type { DiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import type { TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { OrderView } from '../orders/schemas.ts';
import { INTERACTION_TOKEN_MS } from './notifier.ts';
import { POSTING_LEASE_MS } from './status-post.ts';
import { startAppWithBot } from './test-helpers.ts';

/**
 * The status message the bot posts itself once an order's interaction token has expired (status-post.ts): nothing
 * is held while Discord answers, a failed post is tried again, and a process that took the posting and never
 * finished is taken over once its lease ran out.
 */
describe('posting an order’s status message', () => {
  let app: TestApp;
  let discord: DiscordStandIn;
  let clock = Date.now();
  let channelNumber = 100;

  beforeAll(async () => {
    ({ app, discord } = await startAppWithBot(() => clock));
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  const services = () => appServices(app.server.ctx);

  /** An order placed from a channel of its own, whose interaction token has expired. */
  async function orderWithExpiredToken(): Promise<{ order: OrderView; channel: string }> {
    const channel = `7000000000000${++channelNumber}`;
    const order = await services().orders.orders.createOrder({
      customerId: (await app.createUser()).id,
      guildId: '800000000000000901',
      channelId: channel,
      item: 'Pancakes',
    });
    await services().discord.messages.track(order.id, {
      applicationId: APPLICATION_ID,
      token: 'old',
      channelId: channel,
      locale: 'en',
    });
    clock += INTERACTION_TOKEN_MS + 60_000;
    return { order, channel };
  }

  it('holds nothing while Discord answers: the diner goes on, and the message is posted once', async () => {
    const { order, channel } = await orderWithExpiredToken();
    const release = discord.holdChannel(channel);
    const posting = services().discord.messages.updateStatus(order);
    await vi.waitFor(() => {
      expect(
        discord.requests.some((r) => r.method === 'POST' && r.path.endsWith(`/channels/${channel}/messages`)),
      ).toBe(true);
    });
    // While Discord has not answered, the database serves others (the embedded one has a single connection).
    const other = await services().orders.orders.createOrder({ customerId: (await app.createUser()).id, item: 'Tea' });
    expect(other.status).toBe('ORDERED');
    release();
    await posting;
    await services().discord.messages.updateStatus({ ...order, status: 'CLAIMED' });
    const posted = discord.messagesIn(channel);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.edits).toHaveLength(1);
  });

  it('tries again after a post Discord refused', async () => {
    const { order, channel } = await orderWithExpiredToken();
    discord.failChannel(channel, 403);
    await services().discord.messages.updateStatus(order);
    expect(discord.messagesIn(channel)).toHaveLength(0);
    discord.failChannel(channel, null);
    await services().discord.messages.updateStatus(order);
    expect(discord.messagesIn(channel)).toHaveLength(1);
  });

  it('takes over the posting from a process that took it and never finished, once its lease ran out', async () => {
    const { order, channel } = await orderWithExpiredToken();
    // Another process took the posting, then stopped before Discord answered.
    await app.db.orm.em
      .fork()
      .execute('update discord_order_messages set status_posting_until = ? where order_id = ?', [
        new Date(clock + POSTING_LEASE_MS),
        order.id,
      ]);
    clock += POSTING_LEASE_MS + 1_000;
    await services().discord.messages.updateStatus(order);
    expect(discord.messagesIn(channel)).toHaveLength(1);
  });
});
