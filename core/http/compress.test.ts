import { createServer, type IncomingHttpHeaders, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptsEncoding, compressHtml, MIN_COMPRESS_BYTES, negotiateEncoding } from './compress.ts';

describe('acceptsEncoding', () => {
  it('takes an encoding named or under *, unless its quality is 0', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'gzip')).toBe(true);
    expect(acceptsEncoding('br', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip;q=0, br', 'gzip')).toBe(false);
    expect(acceptsEncoding('GZIP; q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('*, gzip;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding('x-gzip', 'gzip')).toBe(true);
    expect(acceptsEncoding('deflate', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});

describe('negotiateEncoding', () => {
  it('prefers br, then gzip, as the browser rates them', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

const PAGE = `<!doctype html><html><body>${'<p>The number 1 home for virtual fast food.</p>'.repeat(100)}</body></html>`;

let server: Server | null = null;
afterEach(async () => {
  const running = server;
  server = null;
  if (running) await new Promise((resolve) => running.close(resolve));
});

/** A server whose handler writes the way Astro's node adapter does: writeHead, then write per chunk, then end. */
async function serve(handler: (res: ServerResponse) => void | Promise<void>): Promise<string> {
  server = createServer((req, res) => {
    compressHtml(req, res);
    void handler(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(
  url: string,
  acceptEncoding?: string,
  onFirstChunk?: () => void,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) onFirstChunk?.();
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressHtml', () => {
  it('sends a streamed HTML answer in brotli or gzip, as asked', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(PAGE.slice(0, 1000));
      res.write(Buffer.from(PAGE.slice(1000)));
      res.end();
    });
    const br = await get(url, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(br.body.length).toBeLessThan(PAGE.length / 5);
    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it('sends what is rendered so far without waiting for the end of the page', async () => {
    let release!: () => void;
    const rest = new Promise<void>((resolve) => (release = resolve));
    const url = await serve(async (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><html><head><title>Orders</title></head>');
      await rest;
      res.end(`<body>${PAGE}</body></html>`);
    });
    const answer = await get(url, 'br', release);
    expect(brotliDecompressSync(answer.body).toString()).toBe(
      `<!doctype html><html><head><title>Orders</title></head><body>${PAGE}</body></html>`,
    );
  });

  it('leaves small answers with a known length, and anything not HTML, as they are', async () => {
    const small = '<p>Hello</p>';
    expect(small.length).toBeLessThan(MIN_COMPRESS_BYTES);
    let url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(small.length) });
      res.end(small);
    });
    let answer = await get(url, 'br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(small);
    await new Promise((resolve) => server!.close(resolve));

    const json = JSON.stringify({ page: PAGE });
    url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(json);
    });
    answer = await get(url, 'br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(json);
  });

  it('keeps a redirect and its headers as they are', async () => {
    const url = await serve((res) => {
      res.writeHead(302, { location: '/login?redirect=%2Fstaff%2Forders' });
      res.end();
    });
    const answer = await get(url, 'br');
    expect(answer.headers.location).toBe('/login?redirect=%2Fstaff%2Forders');
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
