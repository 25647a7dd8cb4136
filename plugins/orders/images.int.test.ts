import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageHostStandIn, startImageHostStandIn } from '../../tests/stand-ins/image-host/server.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { multipart, PNG } from './test-helpers.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function files(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

describe('order images: local storage', () => {
  let app: TestApp;
  let chef: TestUser;
  let dataDir: string;
  const uploads = () => files(path.join(dataDir, 'uploads'));
  const upload = (body: { payload: Buffer; headers: Record<string, string> }, user = chef) =>
    app.inject({
      method: 'POST',
      url: '/api/client/orders/images/upload',
      payload: body.payload,
      headers: { ...body.headers, ...user.auth },
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vd-images-'));
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', DATA_DIR: dataDir, UPLOAD_MAX_BYTES: '4096' } });
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a real image under a random name and serves it with its type, cached for good', async () => {
    const answer = await upload(multipart('image', PNG, 'photo.txt', 'text/plain'));
    expect(answer.statusCode).toBe(201);
    const { link } = answer.json() as { link: string };
    expect(link).toMatch(/^\/uploads\/[A-Za-z0-9_-]{24}\.png$/);
    expect(await uploads()).toEqual([link.slice('/uploads/'.length)]);
    const served = await app.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const gif = await upload(multipart('image', GIF, 'a.png', 'image/png'));
    expect(gif.json().link).toMatch(/\.gif$/);
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP, or is too large, and stores nothing', async () => {
    const before = await uploads();
    const refused = [
      multipart(
        'image',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ),
      multipart('image', Buffer.from('not an image at all'), 'a.png', 'image/png'),
      multipart('image', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'a.png', 'image/png'),
      multipart('image', Buffer.concat([PNG, Buffer.alloc(5000)]), 'big.png', 'image/png'),
      multipart('photo', PNG),
      multipart('image', Buffer.alloc(0)),
    ];
    for (const body of refused) {
      const answer = await upload(body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const json = await app.inject({
      method: 'POST',
      url: '/api/client/orders/images/upload',
      payload: { image: 'x' },
      headers: chef.auth,
    });
    expect(json.statusCode).toBe(400);
    expect(await uploads()).toEqual(before);
  });

  it('serves only names it made', async () => {
    for (const url of [
      '/uploads/nope.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png',
      '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.svg',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('order images: the image host (stand-in)', () => {
  let host: ImageHostStandIn;
  let app: TestApp;
  let chef: TestUser;
  let dataDir: string;

  beforeAll(async () => {
    host = await startImageHostStandIn({ clientId: 'diner-test' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vd-images-host-'));
    app = await createTestApp({
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        DATA_DIR: dataDir,
        IMAGE_HOST_URL: host.url,
        IMAGE_HOST_CLIENT_ID: 'diner-test',
      },
    });
    chef = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
  });
  afterAll(async () => {
    await app?.close();
    await host?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('uploads with the anonymous client id and answers the host’s link, which prepare accepts', async () => {
    const body = multipart('image', PNG);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/orders/images/upload',
      payload: body.payload,
      headers: { ...body.headers, ...chef.auth },
    });
    expect(answer.statusCode).toBe(201);
    const { link } = answer.json() as { link: string };
    expect(host.images).toHaveLength(1);
    expect(link).toBe(host.images[0]!.link);
    expect(host.images[0]!.bytes.equals(PNG)).toBe(true);
    expect(host.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/3/image',
      authorization: 'Client-ID diner-test',
    });
    expect(await files(path.join(dataDir, 'uploads'))).toEqual([]);
    const served = await fetch(link);
    expect(served.headers.get('content-type')).toBe('image/png');

    const plugin = appServices(app.server.ctx).orders;
    const order = await plugin.orders.createOrder({ customerId: (await app.createUser()).id, item: 'Waffles' });
    await app.inject({ method: 'POST', url: `/api/client/orders/${order.id}/claim`, headers: chef.auth });
    const prepared = await app.inject({
      method: 'POST',
      url: `/api/client/orders/${order.id}/prepare`,
      headers: chef.auth,
      payload: { images: [link] },
    });
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().order.images).toEqual([link]);
  });

  it('an outage is a 503 that says nothing of the host’s insides; a non-image never reaches the host', async () => {
    host.failNext(500);
    const body = multipart('image', PNG);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/orders/images/upload',
      payload: body.payload,
      headers: { ...body.headers, ...chef.auth },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The image host is unavailable. Please try again.',
    });
    const count = host.requests.length;
    const text = multipart('image', Buffer.from('hello'));
    const refused = await app.inject({
      method: 'POST',
      url: '/api/client/orders/images/upload',
      payload: text.payload,
      headers: { ...text.headers, ...chef.auth },
    });
    expect(refused.statusCode).toBe(400);
    expect(host.requests.length).toBe(count);
  });
});
