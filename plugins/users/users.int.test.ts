import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { seedDemoData } from '../../core/demo-data.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices, plugins } from '../index.ts';

describe('users API', () => {
  let app: TestApp;
  let customer: TestUser;
  let banned: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    customer = await app.createUser({
      username: 'casey',
      perks: ['FEEDBACK_BETA'],
      rankPermissions: ['MANAGE_ORDERS'],
    });
    banned = await app.createUser({ ban: { reason: 'Trolling', expires: null } });
  });
  afterAll(() => app.close());

  describe('GET /api/v3/users/@me', () => {
    it('401 for anonymous callers', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/v3/users/@me' })).statusCode).toBe(401);
    });

    it('gives the signed-in user their own private fields', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: customer.auth });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const { user, nitroPayToken } = res.json();
      expect(nitroPayToken).toBeNull();
      expect(user).toMatchObject({
        id: customer.id,
        username: 'casey',
        perks: ['FEEDBACK_BETA'],
        permissions: 1 << 1,
        ban: null,
        settings: {},
      });
      expect(user.ranks).toHaveLength(1);
      expect(user.rank).toBe(user.ranks[0]);
    });

    it('403 with the ban text for a banned user', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: banned.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain(
        'You are currently banned from this website for the following reason: Trolling',
      );
    });
  });

  describe('GET /api/v3/users/{id}', () => {
    it('shows only public fields, to anyone', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/v3/users/${banned.id}` });
      expect(res.statusCode).toBe(200);
      const { user } = res.json();
      expect(Object.keys(user).sort()).toEqual([
        'avatar',
        'createdAt',
        'discriminator',
        'displayName',
        'flags',
        'id',
        'rank',
        'ranks',
        'team',
        'username',
      ]);
    });

    it("400 'User ID is not a snowflake' for an invalid id (a NUL in it too, or more than a 64-bit number), 404 for an unknown one", async () => {
      for (const id of [
        'not-an-id',
        '123',
        '12345678901234567890123456',
        '18446744073709551616',
        '1234567890123456%00',
        'a%00b',
      ]) {
        const res = await app.inject({ method: 'GET', url: `/api/v3/users/${id}` });
        expect(res.statusCode, id).toBe(400);
        expect(res.json()).toMatchObject({
          statusCode: 400,
          error: 'Bad Request',
          message: 'User ID is not a snowflake',
        });
      }
      expect((await app.inject({ method: 'GET', url: '/api/v3/users/1234567890123456789' })).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/client/sessions', () => {
    it('ends the current session and clears its cookie; the token is dead server-side', async () => {
      const user = await app.createUser();
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/client/sessions',
        cookies: { [SESSION_COOKIE]: user.token },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(204);
      expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
      expect((await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: user.auth })).statusCode).toBe(401);
    });

    it("ends another session of the same user by token, never someone else's", async () => {
      const user = await app.createUser();
      const other = await app.server.ctx.sessions.create(user.id);
      const stranger = await app.createUser();
      const refused = await app.inject({
        method: 'DELETE',
        url: '/api/client/sessions',
        headers: user.auth,
        payload: { sessionToken: stranger.token },
      });
      expect(refused.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: stranger.auth })).statusCode).toBe(
        200,
      );
      const ended = await app.inject({
        method: 'DELETE',
        url: '/api/client/sessions',
        headers: user.auth,
        payload: { sessionToken: other.token },
      });
      expect(ended.statusCode).toBe(204);
      expect(await app.server.ctx.sessions.validate(other.token)).toBeNull();
      expect(await app.server.ctx.sessions.validate(user.token)).not.toBeNull();
    });

    it('lets a banned user sign out; 401 without a session', async () => {
      const res = await app.inject({ method: 'DELETE', url: '/api/client/sessions', headers: banned.auth });
      expect(res.statusCode).toBe(204);
      expect((await app.inject({ method: 'DELETE', url: '/api/client/sessions' })).statusCode).toBe(401);
    });
  });
});

describe('dev sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await seedDemoData(app.server, plugins);
  });
  afterAll(() => app.close());

  it('lists the demo users with their roles', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/client/dev/users' });
    expect(res.json().users.map((u: { role: string }) => u.role)).toEqual([
      'Customer',
      'Chef',
      'Delivery driver',
      'Manager',
      'Super admin',
      'Banned user',
    ]);
  });

  it("signs in as a demo user, with that user's ranks", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client/dev/sign-in',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { userId: '1100000000000000005' },
    });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v3/users/@me',
      headers: { authorization: `Bearer ${res.json().sessionToken}` },
    });
    expect(me.json().user.permissions & (1 << 15)).not.toBe(0);
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
  });

  it('refuses anyone who is not a demo user', async () => {
    const real = await app.createUser();
    const res = await app.inject({ method: 'POST', url: '/api/client/dev/sign-in', payload: { userId: real.id } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the team', () => {
  it('groups staff under their highest rank, ranks highest first, leaves out customers and banned staff', async () => {
    const app = await createTestApp();
    try {
      await seedDemoData(app.server, plugins);
      const ranks = await appServices(app.server.ctx).ranks.list();
      const name = (id: string) => ranks.find((r) => r.id === id)?.name;
      const team = await appServices(app.server.ctx).users.users.team();
      expect(team.map((g) => [name(g.rankId), g.members.map((m) => m.displayName)])).toEqual([
        ['Owner', ['Sam Owner']],
        ['Manager', ['Morgan Manager']],
        ['Delivery Driver', ['Dana Driver']],
        ['Chef', ['Charlie Chef']],
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('production', () => {
  it('has neither dev sign-in route (404)', async () => {
    const app = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(32),
        DISCORD_CLIENT_ID: 'id',
        DISCORD_CLIENT_SECRET: 'secret',
        DATABASE_URL: 'postgres://unused/unused',
      },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/client/dev/users' })).statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/client/dev/sign-in',
            payload: { userId: '1100000000000000005' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});
