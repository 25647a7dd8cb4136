import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { OAUTH_COOKIE } from './oauth.ts';

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const [key, ...value] = pair!.split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

describe('Discord sign-in against the Discord stand-in', () => {
  let discord: DiscordStandIn;
  let app: TestApp;

  beforeAll(async () => {
    discord = await startDiscordStandIn();
    discord.addUser({
      id: '181818181818181818',
      username: 'hungry_guest',
      global_name: 'Hungry Guest',
      avatar: 'a_123abc',
    });
    discord.addUser({ id: '191919191919191919', username: 'second_guest' });
    app = await createTestApp({
      env: {
        DISCORD_CLIENT_ID: discord.clientId,
        DISCORD_CLIENT_SECRET: discord.clientSecret,
        DISCORD_API_URL: discord.apiUrl,
        PUBLIC_URL: 'http://diner.test',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await discord.close();
  });

  /** /login/discord → Discord's consent (auto-approved by the stand-in) → the callback URL with code and state. */
  async function authorize(redirect: string, userId?: string) {
    if (userId) discord.setNextUser(userId);
    const start = await app.inject({ method: 'GET', url: `/login/discord?redirect=${encodeURIComponent(redirect)}` });
    expect(start.statusCode).toBe(302);
    const oauthCookie = cookieFrom(start.headers['set-cookie'], OAUTH_COOKIE)!;
    const consent = await fetch(start.headers.location!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    return {
      oauthCookie,
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
      callback,
      authorizeUrl: new URL(start.headers.location!),
    };
  }

  // Each call from its own address, so the sign-in rate limit only bites in the test about it.
  let address = 0;
  const authenticate = (
    body: object,
    oauthCookie?: string,
    remoteAddress = `10.0.${Math.floor(++address / 250)}.${address % 250}`,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/client/authenticate',
      remoteAddress,
      headers: { origin: 'http://diner.test' },
      cookies: oauthCookie ? { [OAUTH_COOKIE]: oauthCookie } : {},
      payload: body,
    });

  it('runs the whole flow: user created from Discord, session cookie set, back to the wanted path', async () => {
    const { oauthCookie, code, state, callback, authorizeUrl } = await authorize('/staff/orders?tab=kitchen');
    expect(authorizeUrl.pathname).toBe('/oauth2/authorize');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('scope')).toBe('identify');
    expect(callback.origin + callback.pathname).toBe('http://diner.test/login/callback');

    const res = await authenticate({ code, state }, oauthCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.redirect).toBe('/staff/orders?tab=kitchen');
    const sessionCookie = String(res.headers['set-cookie']);
    expect(sessionCookie).toContain(`${SESSION_COOKIE}=${body.sessionToken}`);
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(cookieFrom(res.headers['set-cookie'], OAUTH_COOKIE)).toBe('');

    const me = await app.inject({
      method: 'GET',
      url: '/api/v3/users/@me',
      headers: { authorization: `Bearer ${body.sessionToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: {
        id: '181818181818181818',
        username: 'hungry_guest',
        displayName: 'Hungry Guest',
        avatar: 'a_123abc',
        ranks: [],
        rank: null,
        ban: null,
      },
      nitroPayToken: null,
    });
  });

  it('refreshes name and avatar on the next sign-in', async () => {
    discord.addUser({ id: '181818181818181818', username: 'hungry_guest', global_name: 'Still Hungry', avatar: null });
    const { oauthCookie, code, state } = await authorize('/', '181818181818181818');
    const res = await authenticate({ code, state }, oauthCookie);
    const user = await app.inject({ method: 'GET', url: '/api/v3/users/181818181818181818' });
    expect(res.statusCode).toBe(200);
    expect(user.json().user).toMatchObject({ displayName: 'Still Hungry', avatar: null });
  });

  it('refuses a state that does not match the one the browser was sent off with', async () => {
    const { oauthCookie, code } = await authorize('/');
    const res = await authenticate({ code, state: 'forged-state' }, oauthCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The sign-in state does not match. Please sign in again.');
    expect(res.headers['set-cookie'] ?? '').not.toContain(`${SESSION_COOKIE}=`);
  });

  it('refuses a callback without the sign-in cookie, or with a tampered one', async () => {
    const { oauthCookie, code, state } = await authorize('/');
    expect((await authenticate({ code, state })).statusCode).toBe(400);
    const [payload, signature] = oauthCookie.split('.');
    const tampered = `${payload}x.${signature}`;
    expect((await authenticate({ code, state }, tampered)).statusCode).toBe(400);
  });

  it('refuses a code Discord does not accept (used twice)', async () => {
    const { oauthCookie, code, state } = await authorize('/');
    expect((await authenticate({ code, state }, oauthCookie)).statusCode).toBe(200);
    const again = await authenticate({ code, state }, oauthCookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Discord did not accept the sign-in code. Please sign in again.');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'sends redirect=%s to /',
    async (redirect) => {
      const { oauthCookie, code, state } = await authorize(redirect);
      const res = await authenticate({ code, state }, oauthCookie);
      expect(res.json().redirect).toBe('/');
    },
  );

  it('has no dev sign-in when Discord is configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/client/dev/users' })).statusCode).toBe(404);
  });

  it('limits sign-in attempts per address: the 11th in a minute gets 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await authenticate({ code: 'c', state: 's' }, undefined, '192.0.2.7')).statusCode);
    expect(statuses).toEqual(Array(10).fill(400));
    const limited = await authenticate({ code: 'c', state: 's' }, undefined, '192.0.2.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Too many attempts\. Please try again in /),
    });
    expect((await authenticate({ code: 'c', state: 's' }, undefined, '192.0.2.8')).statusCode).toBe(400);
  });

  it('validates the body', async () => {
    const res = await authenticate({ code: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.length).toBeGreaterThan(0);
  });
});
