import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createRank } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type {} from '../users/index.ts'; // the events it declares
import { rankAnnouncement } from './rank-announcements.ts';

const CHANNEL = '424242424242424242';
/** The server of CHANNEL, which never sent an interaction: its language is not known. */
const GUILD = '414141414141414141';
const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'MANAGE_USERS'];

describe('announced rank changes posted to the Discord channel', () => {
  let discord: DiscordStandIn;
  let app: TestApp;
  let manager: TestUser;
  let ranks: { high: string; low: string };
  const lines: { level: number; msg: string; announcementId?: string; status?: number }[] = [];
  const announcements = () => appServices(app.server.ctx).discord.rankAnnouncements;
  const settings = () => appServices(app.server.ctx).settings;

  /** PATCH update-rank as the manager; waits for the announcement work every listener started. */
  async function updateRanks(userId: string, body: { ranks: string[]; announce?: boolean }) {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/client/admin/users/${userId}/update-rank`,
      headers: manager.auth,
      payload: body,
    });
    await announcements().idle();
    return res;
  }

  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'rank-token' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await createTestApp({
      env: { DISCORD_TOKEN: discord.botToken, DISCORD_API_URL: discord.apiUrl, LOG_LEVEL: 'warn' },
      logStream: stream,
    });
    discord.bot.channelGuilds.set(CHANNEL, GUILD);
    manager = await app.createUser({ username: 'morgan_manager', rankPermissions: MANAGER, rankPosition: 60 });
    ranks = {
      high: await createRank(app, { name: 'Head *Chef*', position: 30, permissions: 0 }),
      low: await createRank(app, { name: 'Line Cook', position: 20, permissions: 0 }),
    };
  });
  beforeEach(() => settings().set('rankAnnouncementChannel', CHANNEL, null));
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  it('writes the member pinged and their ranks highest first, or that they were removed', () => {
    expect(rankAnnouncement('1', ['Chef', 'Trainee'])).toBe('🎉 <@1> is now **Chef**, **Trainee**.');
    expect(rankAnnouncement('1', ['Head *Chef*'])).toBe('🎉 <@1> is now **Head \\*Chef\\***.');
    expect(rankAnnouncement('1', [])).toBe("<@1>'s ranks were removed.");
    expect(rankAnnouncement('1', ['Chef', 'Trainee'], 'fr')).toBe('🎉 <@1> est désormais **Chef**, **Trainee**.');
    expect(rankAnnouncement('1', [], 'pt-BR')).toBe('Os cargos de <@1> foram removidos.');
  });

  it("is written in the channel's server's language: as its last interaction said it, else English", async () => {
    const french = '454545454545454545';
    const unknown = '464646464646464646';
    discord.bot.channelGuilds.set(french, '444444444444444444');
    await appServices(app.server.ctx).discord.guilds.heard('444444444444444444', 'fr');
    const member = await app.createUser();
    await settings().set('rankAnnouncementChannel', french, null);
    expect((await updateRanks(member.id, { ranks: [ranks.low], announce: true })).statusCode).toBe(200);
    expect(discord.messagesIn(french).map((m) => m.content)).toEqual([
      `🎉 <@${member.id}> est désormais **Line Cook**.`,
    ]);
    // A channel whose server Discord does not tell (unknown to it): still posted, in English.
    await settings().set('rankAnnouncementChannel', unknown, null);
    expect((await updateRanks(member.id, { ranks: [ranks.high], announce: true })).statusCode).toBe(200);
    expect(discord.messagesIn(unknown).map((m) => m.content)).toEqual([
      `🎉 <@${member.id}> is now **Head \\*Chef\\***.`,
    ]);
  });

  it('announce on and a channel set: one message in the channel, pinging only the member', async () => {
    const member = await app.createUser();
    const before = discord.messagesIn(CHANNEL).length;
    expect((await updateRanks(member.id, { ranks: [ranks.low, ranks.high], announce: true })).statusCode).toBe(200);
    const posted = discord.messagesIn(CHANNEL).slice(before);
    expect(posted.map((m) => m.content)).toEqual([`🎉 <@${member.id}> is now **Head \\*Chef\\***, **Line Cook**.`]);
    const request = discord.requests.findLast(
      (r) => r.method === 'POST' && r.path.endsWith(`/channels/${CHANNEL}/messages`),
    );
    expect(request?.body).toMatchObject({ allowed_mentions: { parse: [], users: [member.id] } });

    expect((await updateRanks(member.id, { ranks: [], announce: true })).statusCode).toBe(200);
    expect(
      discord
        .messagesIn(CHANNEL)
        .slice(before)
        .map((m) => m.content)
        .at(-1),
    ).toBe(`<@${member.id}>'s ranks were removed.`);
  });

  it('announce off: nothing is posted', async () => {
    const member = await app.createUser();
    const before = discord.messagesIn(CHANNEL).length;
    expect((await updateRanks(member.id, { ranks: [ranks.low], announce: false })).statusCode).toBe(200);
    expect((await updateRanks(member.id, { ranks: [ranks.high] })).statusCode).toBe(200);
    expect(discord.messagesIn(CHANNEL).length).toBe(before);
  });

  it('no channel set: nothing is posted (the member is still told by their notice)', async () => {
    await settings().set('rankAnnouncementChannel', null, null);
    const member = await app.createUser();
    const posts = discord.requests.filter((r) => r.method === 'POST' && r.path.includes('/channels/')).length;
    const notices: string[] = [];
    const stop = app.server.ctx.events.on('notice', (n) => void (n.userId === member.id && notices.push(n.text)));
    expect((await updateRanks(member.id, { ranks: [ranks.low], announce: true })).statusCode).toBe(200);
    stop();
    expect(discord.requests.filter((r) => r.method === 'POST' && r.path.includes('/channels/')).length).toBe(posts);
    expect(notices).toEqual(['Your ranks are now Line Cook.']);
  });

  it('a channel Discord refuses is logged as a warning; the rank change stands', async () => {
    const refusing = '434343434343434343';
    await settings().set('rankAnnouncementChannel', refusing, null);
    discord.failChannel(refusing, 404);
    const member = await app.createUser();
    const res = await updateRanks(member.id, { ranks: [ranks.low], announce: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ranks: [ranks.low] });
    expect(lines.filter((l) => l.msg === 'could not announce a rank change')).toEqual([
      expect.objectContaining({ level: 40, status: 404 }),
    ]);
    discord.failChannel(refusing, null);
  });
});
