import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicAccess, requireAuth, requirePermissions } from '../../core/auth/guards.ts';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { schemaOf } from '../../core/boot.ts';
import { loadConfig } from '../../core/config.ts';
import { openDatabase } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { buildServer } from '../../core/http/server.ts';
import { definePlugin } from '../../core/plugin.ts';
import { text } from '../../core/shared/text.ts';
import { plugins } from '../../plugins/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A plugin with routes that fail on purpose, to see what reaches the caller. */
const probe = definePlugin({
  name: 'probe',
  routes(app) {
    app.get('/api/test/boom', { onRequest: publicAccess }, async () => {
      throw new Error('secret database detail at /srv/app/core/db.ts:12');
    });
    app.post(
      '/api/test/echo',
      { onRequest: publicAccess, schema: { body: z.strictObject({ count: z.number().int().min(1) }) } },
      async (request) => ({ count: request.body.count }),
    );
    app.post('/api/test/needs-auth', { onRequest: requireAuth() }, async (request) => ({ id: request.user?.id }));
    app.post(
      '/api/test/needs-auth-body',
      {
        onRequest: requireAuth(),
        schema: { body: z.strictObject({ name: text().max(20), counts: z.array(z.number()).max(500).optional() }) },
      },
      async (request) => ({ name: request.body.name }),
    );
    app.get('/api/test/outage', { onRequest: publicAccess }, async () => {
      throw new DomainError('unavailable', 'Discord sync is not configured.');
    });
    app.get('/api/test/banned-ok', { onRequest: requireAuth({ allowBanned: true }) }, async () => ({ ok: true }));
    app.get('/api/test/staff', { onRequest: requirePermissions({ all: ['VIEW_STAFF_DASHBOARD'] }) }, async () => ({
      ok: true,
    }));
  },
});

const json = { 'content-type': 'application/json' };

describe('HTTP kernel', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ plugins: [...plugins, probe], env: { BODY_LIMIT: '2048' } });
  });
  afterAll(() => app.close());

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/client/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/client/does-not-exist not found',
    });
    const post = await app.inject({ method: 'DELETE', url: '/api/nothing' });
    expect(post.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('turns a malformed JSON body into a 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: json, payload: '{"count": 1,' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('turns a wrong type into a 400 with the zod issues', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: json, payload: { count: 'three' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid body.count: Invalid input: expected number, received string',
    });
    expect(body.issues).toEqual([expect.objectContaining({ path: ['count'], code: 'invalid_type' })]);
  });

  it('refuses unknown fields in a strict body and a missing body', async () => {
    const extra = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: json,
      payload: { count: 1, admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().issues[0].code).toBe('unrecognized_keys');
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(missing.statusCode).toBe(400);
  });

  describe("in the request's language", () => {
    const french = { ...json, 'accept-language': 'fr-CA, en;q=0.5' };

    it("words a refused body with zod's own words in that language, the issues as the API names them", async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: french,
        payload: { count: 'three' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'body.count invalide : Entrée invalide : nombre attendu, chaîne de caractères reçu',
      });
      expect(body.issues).toEqual([
        expect.objectContaining({ code: 'invalid_type', message: 'Invalid input: expected number, received string' }),
      ]);
    });

    it('follows the VD_LOCALE cookie over Accept-Language, and answers English when neither names a language it speaks', async () => {
      const german = await app.inject({
        method: 'GET',
        url: '/api/client/does-not-exist',
        headers: { cookie: 'VD_LOCALE=de', 'accept-language': 'fr' },
      });
      expect(german.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET /api/client/does-not-exist nicht gefunden',
      });
      const japanese = await app.inject({
        method: 'GET',
        url: '/api/client/does-not-exist',
        headers: { 'accept-language': 'ja' },
      });
      expect(japanese.json().message).toBe('Route GET /api/client/does-not-exist not found');
    });

    it('hides a failure in that language too', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'accept-language': 'es' } });
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Se produjo un error desconocido',
      });
    });

    it('keeps a refusal a service words only in English as it is', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test/outage', headers: { 'accept-language': 'pt-BR' } });
      expect(res.json()).toMatchObject({ statusCode: 503, message: 'Discord sync is not configured.' });
    });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: json,
      payload: JSON.stringify({ count: 1, pad: 'x'.repeat(4096) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  describe('guards before the body (issue 10, defect 3)', () => {
    it('answers an anonymous caller 401 before reading the body: no schema shown, however large or odd the body', async () => {
      const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
      for (const payload of [JSON.stringify(keys), '{"not json', JSON.stringify({ name: 'ok' })]) {
        const res = await app.inject({ method: 'POST', url: '/api/test/needs-auth-body', headers: json, payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'You need to sign in to do that.',
        });
      }
    });

    it('answers a caller without the permission 403 before reading the body', async () => {
      const user = await app.createUser();
      const res = await app.inject({
        method: 'GET',
        url: '/api/test/staff',
        headers: { ...user.auth, ...json },
        payload: '{"x": ',
      });
      expect(res.statusCode).toBe(403);
    });

    it('lists at most 20 issues, and at most 20 unknown keys in one', async () => {
      const user = await app.createUser();
      const unknown = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 1]));
      const extra = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth-body',
        headers: { ...user.auth, ...json },
        payload: { name: 'a', ...unknown },
      });
      expect(extra.statusCode).toBe(400);
      const [issue] = extra.json().issues;
      expect(issue.code).toBe('unrecognized_keys');
      expect(issue.keys).toHaveLength(20);
      expect(issue.message).toMatch(/and 40 more$/);
      const many = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth-body',
        headers: { ...user.auth, ...json },
        payload: { name: 'a', counts: Array(100).fill('x') },
      });
      expect(many.statusCode).toBe(400);
      expect(many.json().issues).toHaveLength(20);
      expect(many.json().issueCount).toBe(100);
    });
  });

  it('refuses a body in a Content-Encoding it does not decode with 415, after the guard', async () => {
    const user = await app.createUser();
    const payload = gzipSync(JSON.stringify({ name: 'zipped' }));
    const zipped = await app.inject({
      method: 'POST',
      url: '/api/test/needs-auth-body',
      headers: { ...user.auth, ...json, 'content-encoding': 'gzip' },
      payload,
    });
    expect(zipped.statusCode).toBe(415);
    expect(zipped.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/test/needs-auth-body',
      headers: { ...json, 'content-encoding': 'gzip' },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const identity = await app.inject({
      method: 'POST',
      url: '/api/test/needs-auth-body',
      headers: { ...user.auth, ...json, 'content-encoding': 'identity' },
      payload: { name: 'plain' },
    });
    expect(identity.json()).toEqual({ name: 'plain' });
  });

  it('never shows a 5xx cause to the caller', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An unknown error occurred',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  it('sends security headers on every response: a success, a refusal, an unknown path and a failure', async () => {
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'POST', url: '/api/test/needs-auth', headers: { origin: app.config.publicUrl } }),
      app.inject({ method: 'GET', url: '/api/no/such/route' }),
      app.inject({ method: 'GET', url: '/api/test/boom' }),
    ]);
    expect(responses.map((res) => res.statusCode)).toEqual([200, 401, 404, 500]);
    for (const res of responses) expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('authentication', () => {
    it('401 for anonymous callers of a guarded route', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth',
        headers: { origin: app.config.publicUrl },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });

    it('accepts a Bearer token and a VD_SESSION cookie', async () => {
      const user = await app.createUser();
      const bearer = await app.inject({ method: 'POST', url: '/api/test/needs-auth', headers: user.auth });
      expect(bearer.json()).toEqual({ id: user.id });
      const cookie = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth',
        cookies: { [SESSION_COOKIE]: user.token },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(cookie.json()).toEqual({ id: user.id });
    });

    it('refuses a bad Bearer token with 401', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/client/settings',
        headers: { authorization: 'Bearer forged-token-forged-token' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('clears a bad session cookie and treats the caller as anonymous', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/client/settings',
        cookies: { [SESSION_COOKIE]: 'expired-or-forged-token-value' },
      });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toContain(`${SESSION_COOKIE}=;`);
      expect(setCookie).toContain('Expires=Thu, 01 Jan 1970');
    });

    it('refuses a logged-out token', async () => {
      const user = await app.createUser();
      await app.server.ctx.sessions.invalidate(user.token);
      const res = await app.inject({ method: 'POST', url: '/api/test/needs-auth', headers: user.auth });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('cross-origin refusal', () => {
    it('refuses an unsafe cookie-authenticated request from another site', async () => {
      const user = await app.createUser();
      const cookies = { [SESSION_COOKIE]: user.token };
      const crossSite = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth',
        cookies,
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toMatchObject({ statusCode: 403, message: 'Cross-origin request refused.' });
      const sameSite = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth',
        cookies,
        headers: { 'sec-fetch-site': 'same-site' },
      });
      expect(sameSite.statusCode).toBe(403);
      const evilOrigin = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth',
        cookies,
        headers: { origin: 'https://evil.example' },
      });
      expect(evilOrigin.statusCode).toBe(403);
      const noOrigin = await app.inject({ method: 'POST', url: '/api/test/needs-auth', cookies });
      expect(noOrigin.statusCode).toBe(403);
    });

    it('accepts the same request from the site itself, and Bearer requests from anywhere', async () => {
      const user = await app.createUser();
      const cookies = { [SESSION_COOKIE]: user.token };
      const ownOrigin = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth',
        cookies,
        headers: { origin: app.config.publicUrl },
      });
      expect(ownOrigin.statusCode).toBe(200);
      const bearer = await app.inject({
        method: 'POST',
        url: '/api/test/needs-auth',
        headers: { ...user.auth, origin: 'https://evil.example' },
      });
      expect(bearer.statusCode).toBe(200);
    });

    it('lets safe methods through whatever their origin', async () => {
      const user = await app.createUser();
      const res = await app.inject({
        method: 'GET',
        url: '/api/client/settings',
        cookies: { [SESSION_COOKIE]: user.token },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('bans', () => {
    it('403 with reason and expiry on every authenticated call while the ban lasts', async () => {
      const expires = new Date(Date.now() + 86_400_000);
      const user = await app.createUser({
        permissions: ['VIEW_STAFF_DASHBOARD'],
        ban: { reason: 'Troll orders', expires },
      });
      for (const url of ['/api/test/staff']) {
        const res = await app.inject({ method: 'GET', url, headers: user.auth });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: `You are currently banned from this website for the following reason: Troll orders This ban will expire on ${expires.toUTCString()}.`,
          ban: { reason: 'Troll orders', expires: expires.toISOString() },
        });
      }
      const allowed = await app.inject({ method: 'GET', url: '/api/test/banned-ok', headers: user.auth });
      expect(allowed.statusCode).toBe(200);
    });

    it('no longer applies once expired', async () => {
      const user = await app.createUser({
        permissions: ['VIEW_STAFF_DASHBOARD'],
        ban: { reason: 'Old', expires: new Date(Date.now() - 1000) },
      });
      const res = await app.inject({ method: 'GET', url: '/api/test/staff', headers: user.auth });
      expect(res.statusCode).toBe(200);
    });
  });

  it('refuses to start with a route that declares no guard', async () => {
    const unguarded = definePlugin({
      name: 'unguarded',
      routes(server) {
        server.get('/api/test/open', async () => ({ open: true }));
      },
    });
    await expect(
      buildServer({
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        orm: app.db.orm,
        plugins: [unguarded],
      }),
    ).rejects.toThrow('Route GET /api/test/open declares no guard');
  });
});

describe('logging', () => {
  it('logs an expected 503 as a warning and an unexpected 500 as an error', async () => {
    const { lines, stream } = logLines();
    const app = await createTestApp({ plugins: [...plugins, probe], env: { LOG_LEVEL: 'warn' }, logStream: stream });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/test/outage' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/test/boom' })).statusCode).toBe(500);
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        [40, 'service unavailable'],
        [50, 'request failed'],
      ]);
      // Each with its request's id: request.log is Fastify's child logger for the request.
      expect(lines.map((l) => l.reqId)).toEqual([expect.stringMatching(/^req-/), expect.stringMatching(/^req-/)]);
      expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
    } finally {
      await app.close();
    }
  });
});

/** Each JSON line the app logs, parsed (createTestApp's logStream). */
function logLines(): { lines: LogLine[]; stream: Writable } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method?: string; url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** Routes with logging options of their own. */
const loggingRoutes = definePlugin({
  name: 'logging-routes',
  routes(app) {
    app.get('/api/test/quiet', { onRequest: publicAccess, logLevel: 'warn' }, async (request) => {
      request.log.info('not written: the route logs at warn');
      request.log.warn('written');
      return { quiet: true };
    });
    app.get(
      '/api/test/with-headers',
      {
        onRequest: publicAccess,
        config: { session: false },
        logSerializers: { req: (request) => ({ method: request.method, url: request.url, headers: request.headers }) },
      },
      async () => ({ ok: true }),
    );
  },
});

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(32),
  DISCORD_CLIENT_ID: 'id',
  DISCORD_CLIENT_SECRET: 'secret',
  DATABASE_URL: 'postgres://unused/unused',
};

describe('request lines', () => {
  async function requestLines(env: Record<string, string>, urls = ['/api/health']): Promise<LogLine[]> {
    const { lines, stream } = logLines();
    const app = await createTestApp({ plugins: [...plugins, loggingRoutes], env, logStream: stream });
    try {
      for (const url of urls) await app.inject({ method: 'GET', url });
    } finally {
      await app.close();
    }
    return lines.filter((line) => line.reqId !== undefined);
  }

  it('in production, one line per request at info: its method, URL, status and time', async () => {
    const lines = await requestLines({ ...production, LOG_LEVEL: 'info' }, ['/api/health', '/api/no/such/route']);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: expect.stringMatching(/^req-/),
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({
        level: 30,
        req: expect.objectContaining({ method: 'GET', url: '/api/no/such/route' }),
        res: { statusCode: 404 },
      }),
    ]);
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
  });

  it('outside production, none at the default level info', async () => {
    expect(await requestLines({ LOG_LEVEL: 'info' })).toEqual([]);
  });

  it('outside production, one per request at debug', async () => {
    expect(await requestLines({ LOG_LEVEL: 'debug' })).toEqual([
      expect.objectContaining({ level: 20, msg: 'request completed', res: { statusCode: 200 } }),
    ]);
  });

  it("honours a route's own log level: a route at warn writes its warnings and no request line", async () => {
    const lines = await requestLines({ LOG_LEVEL: 'debug' }, ['/api/test/quiet', '/api/health']);
    expect(lines.map((line) => [line.msg, line.req?.url])).toEqual([
      ['written', undefined],
      ['request completed', '/api/health'],
    ]);
  });

  it("applies a route's own serializers, with the secrets in headers redacted", async () => {
    const { lines, stream } = logLines();
    const app = await createTestApp({
      plugins: [...plugins, loggingRoutes],
      env: { ...production, LOG_LEVEL: 'info' },
      logStream: stream,
    });
    try {
      const headers = { authorization: 'Bearer secret-token', cookie: 'VD_SESSION=secret-cookie', 'x-shown': 'yes' };
      expect((await app.inject({ method: 'GET', url: '/api/test/with-headers', headers })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line?.req?.headers).toMatchObject({
      authorization: '[Redacted]',
      cookie: '[Redacted]',
      'x-shown': 'yes',
    });
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|secret-cookie/);
  });
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const app = await createTestApp();
    try {
      const up = await app.inject({ method: 'GET', url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok', database: 'up' });
      expect(up.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the database is unreachable', async () => {
    // Nothing listens on port 1: a real connection failure, not a stub.
    const orm = await openDatabase({
      url: 'postgres://diner@127.0.0.1:1/diner',
      embeddedPath: 'memory://',
      ...schemaOf(plugins),
    });
    const server = await buildServer({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, plugins),
      orm,
      plugins,
    });
    try {
      const down = await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is unreachable',
        database: 'down',
      });
    } finally {
      await server.close();
      await orm.close(true);
    }
  });
});

describe('in production', () => {
  it('adds Strict-Transport-Security beside nosniff, on answers and refusals alike', async () => {
    const app = await createTestApp({ env: production });
    try {
      for (const res of [
        await app.inject({ method: 'GET', url: '/api/health' }),
        await app.inject({ method: 'GET', url: '/api/no/such/route' }),
      ]) {
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await app.close();
    }
  });
});
