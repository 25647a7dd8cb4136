import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { SettingSchema } from './entities.ts';

const announcement = { enabled: true, type: 'is-warning', content: 'Kitchen **closed** for maintenance' };

describe('settings API', () => {
  let app: TestApp;
  const users: Record<string, TestUser> = {};

  beforeAll(async () => {
    app = await createTestApp();
    users.customer = await app.createUser();
    users.staff = await app.createUser({ rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'] });
    users.announcer = await app.createUser({ rankPermissions: ['MANAGE_ANNOUNCEMENT'] });
    users.settingsManager = await app.createUser({ rankPermissions: ['MANAGE_SETTINGS'] });
    users.superAdmin = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    users.bannedManager = await app.createUser({
      rankPermissions: ['MANAGE_SETTINGS'],
      ban: { reason: 'Abuse', expires: null },
    });
  });
  afterAll(() => app.close());

  const post = (key: string, val: unknown, user?: TestUser) =>
    app.inject({ method: 'POST', url: `/api/client/settings/${key}`, headers: user?.auth, payload: { val } });

  it('gives everyone the settings map with every known key, defaults included', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/client/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        currentAnnouncement: { enabled: false, type: 'is-info', content: '' },
        teamsEnabled: false,
        festiveMode: { enabled: false, countdownTo: null, countdownLabel: 'Christmas' },
        kitchen: { open: true, reason: '' },
        appealCooldownDays: 30,
        appealVotesToDecide: 3,
        hourlyReward: 50,
        sponsorReward: 1000,
        rankAnnouncementChannel: null,
      },
    });
  });

  it('gives one setting by key, and 404 for an unknown key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/client/settings/teamsEnabled' });
    expect(res.json()).toEqual({ setting: false });
    const unknown = await app.inject({ method: 'GET', url: '/api/client/settings/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: "Unknown setting 'nope'" });
  });

  it("refuses an unknown key in the reader's language, the key as written", async () => {
    const get = (language: string) =>
      app.inject({ method: 'GET', url: '/api/client/settings/nope', headers: { 'accept-language': language } });
    expect((await get('fr')).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Paramètre inconnu : « nope »',
    });
    expect((await get('es-419')).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Ajuste desconocido: «nope»',
    });
    expect((await get('en-GB')).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: "Unknown setting 'nope'",
    });
  });

  describe('who may change the announcement', () => {
    it.each([
      ['anonymous', undefined, 401],
      ['a customer', 'customer', 403],
      ['staff without the permission', 'staff', 403],
      ['a banned manager', 'bannedManager', 403],
      ['MANAGE_ANNOUNCEMENT', 'announcer', 200],
      ['MANAGE_SETTINGS', 'settingsManager', 200],
      ['SUPER_ADMIN', 'superAdmin', 200],
    ] as const)('%s: %i', async (_who, user, status) => {
      const res = await post('currentAnnouncement', announcement, user ? users[user] : undefined);
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json()).toEqual({ updatedValue: announcement });
    });
  });

  describe('who may change any other setting', () => {
    it.each([
      ['anonymous', undefined, 401],
      ['a customer', 'customer', 403],
      ['MANAGE_ANNOUNCEMENT alone', 'announcer', 403],
      ['a banned manager', 'bannedManager', 403],
      ['MANAGE_SETTINGS', 'settingsManager', 200],
      ['SUPER_ADMIN', 'superAdmin', 200],
    ] as const)('%s: %i', async (_who, user, status) => {
      const res = await post('teamsEnabled', true, user ? users[user] : undefined);
      expect(res.statusCode).toBe(status);
    });
  });

  it('serves the new value at once after a change', async () => {
    await post(
      'festiveMode',
      { enabled: true, countdownTo: '2026-12-25T00:00:00Z', countdownLabel: 'Christmas' },
      users.settingsManager,
    );
    const res = await app.inject({ method: 'GET', url: '/api/client/settings' });
    expect(res.json().settings.festiveMode).toEqual({
      enabled: true,
      countdownTo: '2026-12-25T00:00:00Z',
      countdownLabel: 'Christmas',
    });
  });

  it('sets a nullable setting and clears it back to null', async () => {
    expect((await post('rankAnnouncementChannel', '424242424242424242', users.settingsManager)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/settings' })).json().settings.rankAnnouncementChannel,
    ).toBe('424242424242424242');
    const cleared = await post('rankAnnouncementChannel', null, users.settingsManager);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ updatedValue: null });
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/settings' })).json().settings.rankAnnouncementChannel,
    ).toBeNull();
  });

  it('refuses a value that does not fit the key with 400 and writes nothing', async () => {
    const before = await app.db.orm.em.fork().findOne(SettingSchema, { key: 'currentAnnouncement' });
    for (const bad of [
      { ...announcement, type: 'is-rainbow' },
      { ...announcement, content: 42 },
      { ...announcement, content: 'x'.repeat(2001) },
      { ...announcement, sneaky: true },
      'just a string',
    ]) {
      const res = await post('currentAnnouncement', bad, users.superAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().issues.length).toBeGreaterThan(0);
    }
    const after = await app.db.orm.em.fork().findOne(SettingSchema, { key: 'currentAnnouncement' });
    expect(after?.value).toEqual(before?.value);
  });

  it('refuses a body without val, or with extra fields, and an unknown key', async () => {
    const noVal = await app.inject({
      method: 'POST',
      url: '/api/client/settings/teamsEnabled',
      headers: users.superAdmin!.auth,
      payload: {},
    });
    expect(noVal.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/client/settings/teamsEnabled',
      headers: users.superAdmin!.auth,
      payload: { val: true, key: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    const unknown = await post('doesNotExist', true, users.superAdmin);
    expect(unknown.statusCode).toBe(404);
    expect(await app.db.orm.em.fork().count(SettingSchema, { key: 'doesNotExist' })).toBe(0);
  });

  it('publishes settingUpdated after the write', async () => {
    const seen: unknown[] = [];
    const off = app.server.ctx.events.on('settingUpdated', (e) => void seen.push(e));
    await post('teamsEnabled', false, users.settingsManager);
    off();
    expect(seen).toEqual([{ key: 'teamsEnabled', value: false }]);
  });
});
