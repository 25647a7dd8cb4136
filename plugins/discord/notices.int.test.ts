import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../core/demo-data.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices, plugins } from '../index.ts';
import { DEMO_USERS } from '../users/index.ts';

describe('notices as Discord DMs', () => {
  let discord: DiscordStandIn;
  let app: TestApp;
  const lines: { level: number; msg: string; notificationId?: string; status?: number }[] = [];
  let refs = 0;
  const notifications = () => appServices(app.server.ctx).notifications.notifications;
  const dms = () => appServices(app.server.ctx).discord.noticeDms;
  /**
   * Publishes a notice as a feature does; waits until it is stored and its DM work is done (the DM listener, started
   * with the app, hears `noticeCreated` before this one, so its work is pending by then).
   */
  async function tell(userId: string, text: string, link: string | null = '/appeal/42'): Promise<string> {
    const stored = new Promise<string>((resolve) => {
      const stop: () => void = app.server.ctx.events.on('noticeCreated', (n): void => {
        if (n.userId !== userId || n.text !== text) return;
        stop();
        resolve(n.id);
      });
    });
    app.server.ctx.events.publish('notice', { userId, ref: `test:${++refs}`, kind: 'appeal.denied', text, link });
    const id = await stored;
    await dms().idle();
    return id;
  }

  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'notice-token' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await createTestApp({
      env: {
        DISCORD_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        PUBLIC_URL: 'https://diner.example',
        LOG_LEVEL: 'warn',
      },
      logStream: stream,
    });
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  it("sends the notice's text and link as a DM", async () => {
    const user = await app.createUser();
    await tell(user.id, 'Your appeal was denied: not enough remorse.');
    expect(discord.dmsTo(user.id).map((m) => m.content)).toEqual([
      'Your appeal was denied: not enough remorse.\nhttps://diner.example/appeal/42',
    ]);
  });

  it('sends nothing to a user who turned DMs off; the notice is still stored', async () => {
    const user = await app.createUser();
    await notifications().setPreferences(user.id, { dms: false });
    await tell(user.id, 'Quietly decided.');
    expect(discord.dmsTo(user.id)).toEqual([]);
    expect((await notifications().list(user.id, { page: 1, pageSize: 20 })).notifications.map((n) => n.text)).toEqual([
      'Quietly decided.',
    ]);
  });

  it('sends nothing to the demo users, whose ids are made up: the demo data tells nobody on Discord', async () => {
    await seedDemoData(app.server, plugins);
    await dms().idle();
    const casey = DEMO_USERS.find((user) => user.role === 'Customer')!;
    // The demo data's notices are stored (Casey's bell has two), and a later one is stored too, but none is a DM.
    await tell(casey.id, 'Your appeal was accepted.');
    expect((await notifications().list(casey.id, { page: 1, pageSize: 20 })).total).toBe(3);
    for (const user of DEMO_USERS) expect(discord.dmsTo(user.id)).toEqual([]);
  });

  describe('a lifted ban', () => {
    async function unban(silent: boolean) {
      const manager = await app.createUser({ rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'] });
      const user = await app.createUser({ ban: { reason: 'Spam' } });
      const stored = new Promise<void>((resolve) => {
        const stop: () => void = app.server.ctx.events.on('noticeCreated', (n): void => {
          if (n.userId !== user.id) return;
          stop();
          resolve();
        });
      });
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/client/admin/users/${user.id}/ban`,
        headers: manager.auth,
        payload: { silent },
      });
      expect(res.statusCode).toBe(204);
      // Not silent: wait for the stored notice. Silent: nothing will come; the events of the call were published
      // synchronously before it answered, so a notice would have been stored by the time a later one is.
      if (!silent) await stored;
      else await tell(manager.id, 'Fence: everything before me is stored.', null);
      await dms().idle();
      return user;
    }

    it('not silent: the user is told, one notice and one DM', async () => {
      const user = await unban(false);
      const list = await notifications().list(user.id, { page: 1, pageSize: 20 });
      expect(list.notifications.map((n) => [n.kind, n.text, n.link])).toEqual([
        ['ban.lifted', 'Your ban has been lifted.', '/'],
      ]);
      expect(discord.dmsTo(user.id).map((m) => m.content)).toEqual([
        'Your ban has been lifted.\nhttps://diner.example/',
      ]);
    });

    it('silent: no notice, no DM', async () => {
      const user = await unban(true);
      expect((await notifications().list(user.id, { page: 1, pageSize: 20 })).notifications).toEqual([]);
      expect(discord.dmsTo(user.id)).toEqual([]);
    });
  });

  it('a DM Discord refuses is logged as a warning, never fatal: the next one goes', async () => {
    const user = await app.createUser();
    discord.closeDms(user.id);
    const id = await tell(user.id, 'You will not read this in Discord.', null);
    expect(lines.filter((l) => l.msg === 'could not DM a notice')).toEqual([
      expect.objectContaining({ level: 40, notificationId: id, status: 403 }),
    ]);
    discord.closeDms(user.id, false);
    await tell(user.id, 'But this one.', null);
    expect(discord.dmsTo(user.id).map((m) => m.content)).toEqual(['But this one.']);
  });
});
