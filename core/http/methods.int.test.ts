import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';

const ANY_ID = '123456789012345678';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A method a path does not have answers 405 with `Allow` (RFC 9110), not 404 or a neighbouring route's 400/401
 * (issue 43): checked on every registered route, whoever registered it, and on the cases that used to go wrong.
 */
describe('methods a path does not have', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { DISCORD_PUBLIC_KEY: 'a'.repeat(64) } });
  });
  afterAll(() => app?.close());

  const allowOf = (header: unknown) => String(header ?? '').split(', ');

  it('every route’s path answers each other method with 405 and an Allow that lists its own, or is served', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const route of app.server.routes) {
      if (route.url.includes('*') || route.plugin === 'site') continue;
      const path = route.url.replace(/:(\w+)/g, ANY_ID);
      if (route.schema.params && !route.schema.params.safeParse(paramsOf(route.url, path)).success) continue;
      for (const method of METHODS.filter((m) => !route.methods.includes(m))) {
        const res = await app.inject({ method, url: path });
        // A route that took the path may answer its own 404 (no such rank); "Route … not found" is no route's.
        if (res.statusCode === 404 && method !== 'HEAD' && res.json().message.startsWith('Route '))
          wrong.push(`${method} ${path}: ${res.body}`);
        if (res.statusCode !== 405) continue;
        refused += 1;
        const allow = allowOf(res.headers.allow);
        if (allow.includes(method) || !route.methods.every((m) => allow.includes(m)))
          wrong.push(`${method} ${path}: Allow ${res.headers.allow}`);
        if (method !== 'HEAD' && res.json().error !== 'Method Not Allowed')
          wrong.push(`${method} ${path}: ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(300);
  });

  it('answers a method the path lacks with 405, the error shape and Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/client/settings' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: 'Method DELETE is not allowed on /api/client/settings: use GET, HEAD',
    });
  });

  it('answers OPTIONS with 204 and Allow', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/api/client/settings' });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('refuses a fixed path’s missing method before a parametric neighbour’s guard takes it for an id', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/client/objectives/audience' });
    expect(res.statusCode).toBe(405);
    expect(allowOf(res.headers.allow)).toContain('GET');
    // A real id still reaches the route, whose guard answers first.
    expect((await app.inject({ method: 'DELETE', url: `/api/client/objectives/${ANY_ID}` })).statusCode).toBe(401);
  });

  it('serves a fixed path through a parametric route that takes its value, and lists both in Allow', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/client/settings/teamsEnabled' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: '/api/client/settings/teamsEnabled' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it('answers 404 where no route has the path', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/client/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});

/** The values a concrete path gives a route pattern's parameters. */
function paramsOf(url: string, path: string): Record<string, string> {
  const names = url.split('/');
  const values = path.split('/');
  return Object.fromEntries(names.flatMap((n, i) => (n.startsWith(':') ? [[n.slice(1), values[i]!]] : [])));
}
