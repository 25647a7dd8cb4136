import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { expect, test } from './fixtures.ts';

/**
 * What Astro renders on request (server-rendered pages, server-island answers) goes out compressed as the browser
 * asks (core/http/compress.ts), like the built files; API JSON stays plain. Plain node:http, which decodes
 * nothing, so the bytes on the wire are what is checked.
 */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

const CHARLIE_CHEF = '1100000000000000002';

test('server-rendered pages and server-island answers are compressed; API JSON is not', async ({ diner }) => {
  const { token } = await diner.app.server.ctx.sessions.create(CHARLIE_CHEF);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const sizes: string[] = [];
  for (const [path, who] of [
    ['/', ''],
    ['/leaderboard', ''],
    ['/team', ''],
    [`/users/${CHARLIE_CHEF}`, ''],
    ['/staff/orders', cookie],
    ['/staff/dashboard', cookie],
  ] as const) {
    const plain = await get(`${diner.url}${path}`, who ? { cookie: who } : {});
    expect(plain.status, path).toBe(200);
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const answer = await get(`${diner.url}${path}`, {
        'accept-encoding': `${encoding}, deflate`,
        ...(who ? { cookie: who } : {}),
      });
      expect(answer.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
      expect(answer.headers.vary, path).toMatch(/accept-encoding/i);
      expect(answer.headers['content-security-policy'], path).toContain("script-src 'self'");
      const html = decoded(answer);
      expect(html, path).toContain('</html>');
      expect(answer.body.length, `${path} ${encoding}`).toBeLessThan(plain.body.length / 2);
      if (encoding === 'br') sizes.push(`${path}: ${plain.body.length} B plain, ${answer.body.length} B br`);
    }
  }

  // Every island a signed-in page asks for, each answer compressed.
  const page = decoded(await get(`${diner.url}/`, { 'accept-encoding': 'br', cookie }));
  const islands = [...page.matchAll(/href="(\/_server-islands\/[^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  expect(islands.map((url) => url.split('?')[0]).sort()).toEqual([
    '/_server-islands/LiveFigures',
    '/_server-islands/UserMenu',
  ]);
  for (const island of islands) {
    const answer = await get(`${diner.url}${island}`, { 'accept-encoding': 'gzip, br', cookie });
    expect(answer.status, island).toBe(200);
    expect(answer.headers['content-encoding'], island).toBe('br');
    expect(decoded(answer).length, island).toBeGreaterThan(0);
  }
  const menu = islands.find((url) => url.startsWith('/_server-islands/UserMenu'))!;
  expect(decoded(await get(`${diner.url}${menu}`, { 'accept-encoding': 'br', cookie }))).toContain('Charlie Chef');

  // API answers as before: JSON, not compressed.
  const settings = await get(`${diner.url}/api/client/settings`, { 'accept-encoding': 'br, gzip' });
  expect(settings.headers['content-type']).toMatch(/^application\/json/);
  expect(settings.headers['content-encoding']).toBeUndefined();
  expect(typeof JSON.parse(settings.body.toString())).toBe('object');
  console.log(sizes.join('\n'));
});
