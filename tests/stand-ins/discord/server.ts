import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachGateway, type StandInGateway } from './gateway.ts';
import type { StandInGuild } from './guilds.ts';
import { type BotRestState, botRestRoutes, type ChannelFailure, newBotRestState, type StoredMessage } from './rest.ts';

/**
 * A local stand-in for Discord's OAuth2 and REST API (https://discord.com/developers/docs/topics/oauth2), for tests
 * and local sign-in without the internet. It speaks Discord's request and response shapes; state lives in memory.
 */

export type DiscordUserInput = {
  id: string;
  username: string;
  global_name?: string | null;
  discriminator?: string;
  avatar?: string | null;
};

export type RecordedRequest = {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** Parsed JSON or form body; the raw text for other types; undefined when empty. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
};

export type DiscordStandIn = {
  /** e.g. `http://127.0.0.1:43210`; the authorize page is `${url}/oauth2/authorize`. */
  url: string;
  /** `${url}/api`: what the app's DISCORD_API_URL setting should be. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces, by id) a Discord user the stand-in knows. */
  addUser(user: DiscordUserInput): void;
  /** The user who "clicks Authorize" on the next authorization only; after it, the first added user again. */
  setNextUser(id: string): void;
  /** Every request received, oldest first. Clear with `requests.length = 0`. */
  requests: RecordedRequest[];
  /** The bot token bot REST calls must carry (`Authorization: Bot …`): the app's DISCORD_TOKEN. */
  botToken: string;
  /** What the bot posted and edited (rest.ts). */
  bot: BotRestState;
  /** Messages posted in a channel (DM channels included), oldest first. */
  messagesIn(channelId: string): StoredMessage[];
  /** The DMs the bot sent a user. */
  dmsTo(userId: string): StoredMessage[];
  /** Makes posts in a channel fail with 403 (Missing Access) or 404 (Unknown Channel); null heals it. */
  failChannel(channelId: string, failure: ChannelFailure | null): void;
  /** Holds every post in a channel unanswered until the returned function is called (a slow Discord). */
  holdChannel(channelId: string): () => void;
  /** The gateway at `${url}/gateway` (GET /api/v10/gateway/bot points there). */
  gateway: StandInGateway;
  /** Closes (or reopens) a user's DMs to the bot. */
  closeDms(userId: string, closed?: boolean): void;
  close(): Promise<void>;
};

export type DiscordStandInOptions = {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  botToken?: string;
  /** The application (and bot user) id READY announces; default `clientId` when numeric, else a fixed snowflake. */
  applicationId?: string;
  /** What GET /gateway/bot recommends (default 1). */
  shards?: number;
  /** The heartbeat interval HELLO asks for (Discord: about 41 s). */
  heartbeatIntervalMs?: number;
  /** The servers the bot is in when it connects: READY lists them, then a GUILD_CREATE comes for each. */
  guilds?: readonly StandInGuild[];
};

type Grant = {
  userId: string;
  redirectUri: string;
  clientId: string;
  scope: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
};
type TokenGrant = { userId: string; scope: string };

const TOKEN_LIFETIME_SECONDS = 604_800;

export async function startDiscordStandIn(options: DiscordStandInOptions = {}): Promise<DiscordStandIn> {
  const clientId = options.clientId ?? 'stand-in-client';
  const clientSecret = options.clientSecret ?? 'stand-in-secret';
  const host = options.host ?? '127.0.0.1';

  const users = new Map<string, Required<DiscordUserInput>>();
  let nextUserId: string | undefined;
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, TokenGrant>();
  const refreshTokens = new Map<string, TokenGrant>();
  const requests: RecordedRequest[] = [];
  const bot = newBotRestState(options.botToken ?? 'stand-in-bot-token');
  const botRest = botRestRoutes(bot, json);

  function issueTokens(grant: TokenGrant) {
    const access_token = randomToken();
    const refresh_token = randomToken();
    accessTokens.set(access_token, grant);
    refreshTokens.set(refresh_token, grant);
    return {
      access_token,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      refresh_token,
      scope: grant.scope,
    };
  }

  function authorize(query: Record<string, string>, res: ServerResponse): void {
    if (query.client_id !== clientId) return json(res, 400, { error: 'invalid_client' });
    if (query.response_type !== 'code') return json(res, 400, { error: 'unsupported_response_type' });
    const redirect = parseUrl(query.redirect_uri);
    if (!redirect)
      return json(res, 400, { error: 'invalid_request', error_description: 'Invalid "redirect_uri" in request.' });
    const userId = nextUserId ?? users.keys().next().value;
    nextUserId = undefined;
    if (userId === undefined)
      return json(res, 500, { message: 'Discord stand-in: no users; call addUser() first', code: 0 });

    const code = randomToken();
    codes.set(code, {
      userId,
      redirectUri: query.redirect_uri!,
      clientId,
      scope: query.scope || 'identify',
      codeChallenge: query.code_challenge,
      codeChallengeMethod: query.code_challenge_method,
    });
    redirect.searchParams.set('code', code);
    if (query.state !== undefined) redirect.searchParams.set('state', query.state);
    res.writeHead(302, { location: redirect.href }).end();
  }

  function token(req: IncomingMessage, body: unknown, res: ServerResponse): void {
    const form = isForm(req) && isRecord(body) ? body : {};
    const client = basicCredentials(req.headers.authorization) ?? { id: form.client_id, secret: form.client_secret };
    if (client.id !== clientId || client.secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });

    if (form.grant_type === 'authorization_code') {
      const grant = form.code === undefined ? undefined : codes.get(form.code);
      if (form.code !== undefined) codes.delete(form.code); // single use, even when the exchange fails
      if (!grant || grant.redirectUri !== form.redirect_uri || grant.clientId !== client.id) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      }
      if (
        grant.codeChallenge !== undefined &&
        !pkceMatches(grant.codeChallenge, grant.codeChallengeMethod, form.code_verifier)
      ) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code_verifier" in request.' });
      }
      return json(res, 200, issueTokens({ userId: grant.userId, scope: grant.scope }));
    }
    if (form.grant_type === 'refresh_token') {
      const grant = form.refresh_token === undefined ? undefined : refreshTokens.get(form.refresh_token);
      if (!grant)
        return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request.' });
      refreshTokens.delete(form.refresh_token!); // Discord rotates refresh tokens
      return json(res, 200, issueTokens(grant));
    }
    json(res, 400, { error: 'unsupported_grant_type' });
  }

  function me(req: IncomingMessage, res: ServerResponse): void {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const grant = match ? accessTokens.get(match[1]!) : undefined;
    const user = grant && users.get(grant.userId);
    if (!user) return json(res, 401, { message: '401: Unauthorized', code: 0 });
    json(res, 200, {
      ...user,
      bot: false,
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
      mfa_enabled: false,
      locale: 'en-US',
      premium_type: 0,
    });
  }

  const routes: Record<
    string,
    {
      method: string;
      handle: (req: IncomingMessage, query: Record<string, string>, body: unknown, res: ServerResponse) => void;
    }
  > = {};
  for (const prefix of ['', '/api', '/api/v10']) {
    // Discord serves the authorize page at /oauth2/authorize and also under /api.
    routes[`${prefix}/oauth2/authorize`] = {
      method: 'GET',
      handle: (_req, query, _body, res) => authorize(query, res),
    };
  }
  for (const prefix of ['/api', '/api/v10']) {
    routes[`${prefix}/oauth2/token`] = { method: 'POST', handle: (req, _query, body, res) => token(req, body, res) };
    routes[`${prefix}/users/@me`] = { method: 'GET', handle: (req, _query, _body, res) => me(req, res) };
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const query = Object.fromEntries(url.searchParams);
      const body = parseBody(req, await readText(req));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body, headers: { ...req.headers } });

      const route = routes[url.pathname];
      if (!route && /^\/api(?:\/v\d+)?\/gateway\/bot$/.test(url.pathname) && req.method === 'GET') {
        if (req.headers.authorization !== `Bot ${bot.botToken}`)
          return json(res, 401, { message: '401: Unauthorized', code: 0 });
        return json(res, 200, {
          url: `ws://${req.headers.host}/gateway`,
          shards: options.shards ?? 1,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
        });
      }
      if (!route && botRest(req, url.pathname, body, res)) return;
      if (!route) return json(res, 404, { message: '404: Not Found', code: 0 });
      if (route.method !== req.method) return json(res, 405, { message: '405: Method Not Allowed', code: 0 });
      route.handle(req, query, body, res);
    } catch (error) {
      json(res, 500, { message: `Discord stand-in: ${String(error)}`, code: 0 });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const applicationId = options.applicationId ?? (/^\d+$/.test(clientId) ? clientId : '900000000000000001');
  const gateway = attachGateway(server, {
    botToken: bot.botToken,
    applicationId,
    botUser: { id: applicationId, username: 'Virtual Diner' },
    heartbeatIntervalMs: options.heartbeatIntervalMs,
    guilds: options.guilds,
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;

  return {
    url,
    apiUrl: `${url}/api`,
    clientId,
    clientSecret,
    requests,
    botToken: bot.botToken,
    bot,
    gateway,
    messagesIn: (channelId) => bot.channels.get(channelId) ?? [],
    dmsTo: (userId) => {
      const channelId = bot.dmChannels.get(userId);
      return channelId ? (bot.channels.get(channelId) ?? []) : [];
    },
    holdChannel(channelId) {
      let release!: () => void;
      bot.heldChannels.set(
        channelId,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        bot.heldChannels.delete(channelId);
        release();
      };
    },
    failChannel(channelId, failure) {
      if (failure === null) bot.failingChannels.delete(channelId);
      else bot.failingChannels.set(channelId, failure);
    },
    closeDms(userId, closed = true) {
      if (closed) bot.closedDms.add(userId);
      else bot.closedDms.delete(userId);
    },
    addUser(user) {
      users.set(user.id, { global_name: null, discriminator: '0', avatar: null, ...user });
    },
    setNextUser(id) {
      if (!users.has(id)) throw new Error(`Discord stand-in: unknown user ${id}; call addUser() first`);
      nextUserId = id;
    },
    close() {
      gateway.close();
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function parseUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, string | undefined> {
  return typeof value === 'object' && value !== null;
}

function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** `Authorization: Basic base64(client_id:client_secret)`. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic (.+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { id: '', secret: '' } : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function pkceMatches(challenge: string, method: string | undefined, verifier: string | undefined): boolean {
  if (verifier === undefined) return false;
  if (method === 'S256') return createHash('sha256').update(verifier).digest('base64url') === challenge;
  return verifier === challenge; // "plain", the default
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(req: IncomingMessage, text: string): unknown {
  if (text === '') return undefined;
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (type.startsWith('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
