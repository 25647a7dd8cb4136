import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { until } from '../../support/until.ts';
import { type DiscordStandIn, startDiscordStandIn } from './server.ts';

const REDIRECT = 'http://localhost:3000/api/auth/discord/callback';

describe('the Discord stand-in', () => {
  let discord: DiscordStandIn;
  beforeAll(async () => {
    discord = await startDiscordStandIn({ clientId: 'app-id', clientSecret: 'app-secret' });
    discord.addUser({ id: '111111111111111111', username: 'alice', global_name: 'Alice' });
    discord.addUser({ id: '222222222222222222', username: 'bob', avatar: 'abc123' });
  });
  afterAll(() => discord.close());

  /** The user's browser visiting the authorize page; returns the redirect it is sent to. */
  async function authorize(
    params: Record<string, string> = {},
  ): Promise<{ status: number; location: URL | undefined; body: unknown }> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'app-id',
      redirect_uri: REDIRECT,
      scope: 'identify',
      ...params,
    });
    const res = await fetch(`${discord.url}/oauth2/authorize?${query}`, { redirect: 'manual' });
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location ? new URL(location) : undefined,
      body: location ? undefined : await res.json(),
    };
  }

  async function codeFor(params: Record<string, string> = {}): Promise<string> {
    const { location } = await authorize(params);
    return location!.searchParams.get('code')!;
  }

  function exchange(form: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`${discord.apiUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    });
  }

  const basic = (id: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
  });

  function me(accessToken: string, path = '/users/@me') {
    return fetch(`${discord.apiUrl}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
  }

  it('runs the whole flow: authorize, token with HTTP Basic client auth, then @me', async () => {
    const { status, location } = await authorize({ state: 'xyz/=&' });
    expect(status).toBe(302);
    expect(location!.origin + location!.pathname).toBe(REDIRECT);
    expect(location!.searchParams.get('state')).toBe('xyz/=&');
    const code = location!.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{20,}$/);

    const res = await exchange(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      basic('app-id', 'app-secret'),
    );
    expect(res.status).toBe(200);
    const tokens = await res.json();
    expect(tokens).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: expect.any(String),
      scope: 'identify',
    });

    const user = await me(tokens.access_token);
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({
      id: '111111111111111111',
      username: 'alice',
      global_name: 'Alice',
      discriminator: '0',
      avatar: null,
      bot: false,
    });

    const token = discord.requests.findLast((r) => r.path === '/api/oauth2/token')!;
    expect(token.method).toBe('POST');
    expect(token.body).toEqual({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(token.headers.authorization).toMatch(/^Basic /);
  });

  it('accepts client credentials in the body, the /api/v10 paths, and the user chosen with setNextUser (once)', async () => {
    discord.setNextUser('222222222222222222');
    const code = await codeFor();
    const res = await fetch(`${discord.apiUrl}/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: 'app-id',
        client_secret: 'app-secret',
      }),
    });
    expect(res.status).toBe(200);
    const { access_token } = await res.json();
    expect(await (await me(access_token, '/v10/users/@me')).json()).toMatchObject({
      id: '222222222222222222',
      username: 'bob',
      global_name: null,
      avatar: 'abc123',
    });

    const next = await exchange(
      { grant_type: 'authorization_code', code: await codeFor(), redirect_uri: REDIRECT },
      basic('app-id', 'app-secret'),
    );
    expect(await (await me((await next.json()).access_token)).json()).toMatchObject({ username: 'alice' });
  });

  it('omits state when none was given', async () => {
    const { location } = await authorize();
    expect([...location!.searchParams.keys()]).toEqual(['code']);
  });

  it('refuses an unknown client or a missing redirect_uri on the authorize page', async () => {
    expect(await authorize({ client_id: 'someone-else' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_client' },
    });
    expect((await authorize({ redirect_uri: '' })).status).toBe(400);
  });

  it('lets a code be used once only', async () => {
    const code = await codeFor();
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    expect((await exchange(form, basic('app-id', 'app-secret'))).status).toBe(200);
    const again = await exchange(form, basic('app-id', 'app-secret'));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
  });

  it('refuses a code presented with another redirect_uri, or an unknown code', async () => {
    const mismatch = await exchange(
      { grant_type: 'authorization_code', code: await codeFor(), redirect_uri: 'http://evil.example/cb' },
      basic('app-id', 'app-secret'),
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    const unknown = await exchange(
      { grant_type: 'authorization_code', code: 'made-up', redirect_uri: REDIRECT },
      basic('app-id', 'app-secret'),
    );
    expect(unknown.status).toBe(400);
  });

  it('refuses bad client credentials with 401 invalid_client, and an unknown grant type', async () => {
    const code = await codeFor();
    for (const headers of [basic('app-id', 'wrong'), basic('other', 'app-secret'), {}]) {
      const res = await exchange({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'invalid_client' });
    }
    const bodyAuth = await exchange({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: 'app-id',
      client_secret: 'nope',
    });
    expect(bodyAuth.status).toBe(401);

    const password = await exchange(
      { grant_type: 'password', username: 'a', password: 'b' },
      basic('app-id', 'app-secret'),
    );
    expect(password.status).toBe(400);
    expect(await password.json()).toEqual({ error: 'unsupported_grant_type' });
  });

  it('answers 401 to @me without a valid Bearer token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Bot some-bot-token' },
    ] as Record<string, string>[]) {
      const res = await fetch(`${discord.apiUrl}/users/@me`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: '401: Unauthorized', code: 0 });
    }
  });

  it('refreshes: a new access token for the same user, and the old refresh token is spent', async () => {
    discord.setNextUser('222222222222222222');
    const first = await (
      await exchange(
        { grant_type: 'authorization_code', code: await codeFor(), redirect_uri: REDIRECT },
        basic('app-id', 'app-secret'),
      )
    ).json();
    const res = await exchange(
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      basic('app-id', 'app-secret'),
    );
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: 'identify' });
    expect(second.access_token).not.toBe(first.access_token);
    expect(await (await me(second.access_token)).json()).toMatchObject({ id: '222222222222222222' });

    const reused = await exchange(
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      basic('app-id', 'app-secret'),
    );
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('checks a PKCE code_verifier when the authorization had a code_challenge', async () => {
    const verifier = 'a-verifier-that-is-long-enough-to-be-realistic-0123456789';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = { code_challenge: challenge, code_challenge_method: 'S256' };
    const form = (code: string, code_verifier: string) => ({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier,
    });
    expect((await exchange(form(await codeFor(params), 'wrong'), basic('app-id', 'app-secret'))).status).toBe(400);
    expect((await exchange(form(await codeFor(params), verifier), basic('app-id', 'app-secret'))).status).toBe(200);
  });

  it('answers Discord-style 404s and records every request', async () => {
    const res = await fetch(`${discord.apiUrl}/guilds/1/members`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: '404: Not Found', code: 0 });
    expect(discord.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/api/guilds/1/members', body: { a: 1 } });
  });
});

describe('the Discord stand-in’s bot REST', () => {
  let discord: DiscordStandIn;
  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'bot-secret' });
  });
  afterAll(() => discord.close());

  const call = (method: string, path: string, body?: unknown, token: string | null = 'bot-secret') =>
    fetch(`${discord.apiUrl}/v10${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bot ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('posts and edits channel messages with the bot token only, and records them', async () => {
    expect((await call('POST', '/channels/123/messages', { content: 'hi' }, null)).status).toBe(401);
    expect((await call('POST', '/channels/123/messages', { content: 'hi' }, 'wrong')).status).toBe(401);
    const posted = (await (
      await call('POST', '/channels/123/messages', { content: 'hi', embeds: [{ title: 'x' }] })
    ).json()) as { id: string };
    expect(posted.id).toMatch(/^\d{16,}$/);
    expect((await call('PATCH', `/channels/123/messages/${posted.id}`, { content: 'edited' })).status).toBe(200);
    expect(discord.messagesIn('123')).toMatchObject([
      { id: posted.id, content: 'edited', embeds: [{ title: 'x' }], edits: [{ content: 'edited' }] },
    ]);
    expect((await call('PATCH', '/channels/123/messages/999999999999999999', { content: 'x' })).status).toBe(404);
  });

  it('refuses posts in a failing channel with Discord’s errors, and DMs through a DM channel', async () => {
    discord.failChannel('456', 403);
    expect(await (await call('POST', '/channels/456/messages', { content: 'x' })).json()).toEqual({
      message: 'Missing Access',
      code: 50001,
    });
    discord.failChannel('456', 404);
    expect((await call('POST', '/channels/456/messages', { content: 'x' })).status).toBe(404);
    discord.failChannel('456', null);
    expect((await call('POST', '/channels/456/messages', { content: 'x' })).status).toBe(200);

    const dm = (await (await call('POST', '/users/@me/channels', { recipient_id: '111' })).json()) as {
      id: string;
      type: number;
    };
    expect(dm.type).toBe(1);
    expect((await call('POST', `/channels/${dm.id}/messages`, { content: 'hello' })).status).toBe(200);
    expect(discord.dmsTo('111').map((m) => m.content)).toEqual(['hello']);
    discord.closeDms('111');
    expect(await (await call('POST', `/channels/${dm.id}/messages`, { content: 'again' })).json()).toMatchObject({
      code: 50007,
    });
  });

  it('takes interaction callbacks and edits of the original reply by the interaction token alone', async () => {
    expect(
      (await call('POST', '/interactions/1/tok-a/callback', { type: 4, data: { content: 'first' } }, null)).status,
    ).toBe(204);
    expect((await call('PATCH', '/webhooks/1/tok-a/messages/%40original', { content: 'second' }, null)).status).toBe(
      200,
    );
    expect(discord.bot.originals.get('tok-a')).toMatchObject({ content: 'second', edits: [{ content: 'second' }] });
  });

  it('tells a bot where the gateway is', async () => {
    expect((await call('GET', '/gateway/bot', undefined, null)).status).toBe(401);
    const info = (await (await call('GET', '/gateway/bot')).json()) as { url: string; shards: number };
    expect(info.url).toBe(`${discord.url.replace('http', 'ws')}/gateway`);
    expect(info.shards).toBe(1);
  });
});

describe("the stand-in's gateway and the servers the bot is in", () => {
  /** A raw gateway session: identifies as one shard and keeps the dispatches it gets, oldest first. */
  async function connect(discord: DiscordStandIn, shard: [number, number]) {
    const socket = new WebSocket(`${discord.url.replace('http', 'ws')}/gateway`);
    const dispatches: { t: string; d: Record<string, unknown> }[] = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      if (message.op === 0) dispatches.push({ t: message.t, d: message.d });
    });
    await once(socket, 'open');
    socket.send(JSON.stringify({ op: 2, d: { token: discord.botToken, shard, intents: 1, properties: {} } }));
    return { socket, dispatches };
  }
  const shown = (dispatch: { t: string; d: Record<string, unknown> }) =>
    dispatch.t === 'READY'
      ? { t: 'READY', guilds: dispatch.d.guilds }
      : [dispatch.t, dispatch.d.id, dispatch.d.preferred_locale];

  it("lists each shard's servers in its READY, then a GUILD_CREATE for each with its language; a join and a change reach the server's shard", async () => {
    // (id >> 22) % 2: the first and third are shard 1's, the second and the one joined later shard 0's.
    const discord = await startDiscordStandIn({
      botToken: 'guilds-token',
      guilds: [
        { id: '800000000000000000', preferredLocale: 'fr' },
        { id: '800000000004194304', preferredLocale: 'de' },
        { id: '800000000008388608', preferredLocale: 'ja' },
      ],
    });
    const zero = await connect(discord, [0, 2]);
    const one = await connect(discord, [1, 2]);
    try {
      await until(() => zero.dispatches.length === 2 && one.dispatches.length === 3);
      expect(zero.dispatches.map(shown)).toEqual([
        { t: 'READY', guilds: [{ id: '800000000004194304', unavailable: true }] },
        ['GUILD_CREATE', '800000000004194304', 'de'],
      ]);
      expect(one.dispatches.map(shown)).toEqual([
        {
          t: 'READY',
          guilds: [
            { id: '800000000000000000', unavailable: true },
            { id: '800000000008388608', unavailable: true },
          ],
        },
        ['GUILD_CREATE', '800000000000000000', 'fr'],
        ['GUILD_CREATE', '800000000008388608', 'ja'],
      ]);
      discord.gateway.join({ id: '800000000012582912', preferredLocale: 'es-ES' });
      discord.gateway.updateGuild({ id: '800000000000000000', preferredLocale: 'pt-BR' });
      await until(() => zero.dispatches.length === 3 && one.dispatches.length === 4);
      expect(shown(zero.dispatches[2]!)).toEqual(['GUILD_CREATE', '800000000012582912', 'es-ES']);
      expect(shown(one.dispatches[3]!)).toEqual(['GUILD_UPDATE', '800000000000000000', 'pt-BR']);
      expect(zero.dispatches[2]!.d).toMatchObject({ joined_at: expect.any(String), members: [], channels: [] });
    } finally {
      zero.socket.close();
      one.socket.close();
      await discord.close();
    }
  });
});
