import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_ID } from '../../tests/stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createRank } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type {} from '../users/index.ts'; // the events it declares
import { INTERACTION_TOKEN_MS, type OrderMessages } from './notifier.ts';
import { otherProcessMessages, startAppWithBot } from './test-helpers.ts';

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
    ({ app, discord } = await startAppWithBot(() => clock));
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  it('five processes updating one order after its token expired post one status message, then edit it', async () => {
    const { orders } = appServices(app.server.ctx).orders;
    const { messages } = appServices(app.server.ctx).discord;
    const customer = await app.createUser();
    const channel = '700000000000000901';
    const order = await orders.createOrder({
      customerId: customer.id,
      guildId: '800000000000000901',
      channelId: channel,
      item: 'Pancakes',
    });
    await messages.track(order.id, {
      applicationId: APPLICATION_ID,
      token: 'expired-token',
      channelId: channel,
      locale: 'en',
    });
    clock += INTERACTION_TOKEN_MS + 60_000;
    await Promise.all(fiveProcesses().map((p) => p.updateStatus(order)));
    const posted = discord.messagesIn(channel);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.edits).toHaveLength(4);
  });

  it('five processes hearing one delivery post it once, whether or not the order has a status message', async () => {
    const { orders } = appServices(app.server.ctx).orders;
    const { messages } = appServices(app.server.ctx).discord;
    for (const [n, tracked] of [
      [902, true],
      [903, false],
    ] as const) {
      const customer = await app.createUser();
      const channel = `700000000000000${n}`;
      const order = await orders.createOrder({
        customerId: customer.id,
        guildId: `800000000000000${n}`,
        channelId: channel,
        item: 'Waffles',
      });
      if (tracked)
        await messages.track(order.id, {
          applicationId: APPLICATION_ID,
          token: 'token',
          channelId: channel,
          locale: 'en',
        });
      await Promise.all(fiveProcesses().map((p) => p.deliver(order)));
      expect(discord.messagesIn(channel)).toHaveLength(1);
    }
  });

  /** The app's own listener and four other processes'. */
  function fiveProcesses(): OrderMessages[] {
    const { messages } = appServices(app.server.ctx).discord;
    const others = Array.from({ length: 4 }, () => otherProcessMessages(app, () => clock));
    return [messages, ...others];
  }
});

describe('a notice heard by several processes', () => {
  let discord: DiscordStandIn;
  let app: TestApp;
  const dms = () => appServices(app.server.ctx).discord.noticeDms;

  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'notice-token' });
    app = await createTestApp({
      env: { DISCORD_TOKEN: discord.botToken, DISCORD_API_URL: discord.apiUrl, PUBLIC_URL: 'https://diner.example' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  it('is sent as a DM once, however many processes hear noticeCreated', async () => {
    const user = await app.createUser();
    const notifications = appServices(app.server.ctx).notifications.notifications;
    const { id } = (await notifications.store({
      userId: user.id,
      ref: 'test:1',
      kind: 'appeal.denied',
      text: 'Your appeal was denied: not enough remorse.',
      link: '/appeal/42',
    }))!;
    // Heard by every process at once: each tries to claim it; nobody wins a second time.
    const created = {
      userId: user.id,
      id,
      kind: 'appeal.denied',
      text: 'x',
      link: null,
      createdAt: new Date().toISOString(),
    };
    for (let i = 0; i < 5; i++) app.server.ctx.events.deliver('noticeCreated', created);
    await Promise.all(Array.from({ length: 5 }, () => dms().send(id)));
    await dms().idle();
    expect(discord.dmsTo(user.id).map((m) => m.content)).toEqual([
      'Your appeal was denied: not enough remorse.\nhttps://diner.example/appeal/42',
    ]);
  });
});

describe('an announced rank change heard by several processes', () => {
  const CHANNEL = '424242424242424242';
  let discord: DiscordStandIn;
  let app: TestApp;
  let manager: TestUser;
  let low: string;
  const announcements = () => appServices(app.server.ctx).discord.rankAnnouncements;

  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'rank-token' });
    app = await createTestApp({ env: { DISCORD_TOKEN: discord.botToken, DISCORD_API_URL: discord.apiUrl } });
    manager = await app.createUser({
      username: 'morgan_manager',
      rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'MANAGE_USERS'],
      rankPosition: 60,
    });
    low = await createRank(app, { name: 'Line Cook', position: 20, permissions: 0 });
    await appServices(app.server.ctx).settings.set('rankAnnouncementChannel', CHANNEL, null);
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  it('five processes hearing the change: one post', async () => {
    const member = await app.createUser();
    const heard: { userId: string; ranks: string[]; announce: boolean; announcementId?: string }[] = [];
    const stop = app.server.ctx.events.on(
      'userRanksChanged',
      (change) => void (change.userId === member.id && heard.push(change)),
    );
    const before = discord.messagesIn(CHANNEL).length;
    await app.inject({
      method: 'PATCH',
      url: `/api/client/admin/users/${member.id}/update-rank`,
      headers: manager.auth,
      payload: { ranks: [low], announce: true },
    });
    await announcements().idle();
    stop();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.announcementId).toMatch(/^\d+$/);
    // The same event delivered by the bridge to every other process at once: each tries to claim it.
    for (let i = 0; i < 5; i++) app.server.ctx.events.deliver('userRanksChanged', heard[0]!);
    await Promise.all(Array.from({ length: 5 }, () => announcements().send(heard[0]!)));
    await announcements().idle();
    expect(
      discord
        .messagesIn(CHANNEL)
        .slice(before)
        .map((m) => m.content),
    ).toEqual([`🎉 <@${member.id}> is now **Line Cook**.`]);
  });
});
