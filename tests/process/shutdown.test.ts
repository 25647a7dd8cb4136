import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '../../core/gateway/protocol.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { appEnv, DEMO_USERS as DEMO, devSignIn, startServer, statusOf } from '../support/spawn-server.ts';

/**
 * A request whose client is slow: headers first (with `Expect: 100-continue`, so that the server's "100 Continue"
 * proves it holds the request), the body only when `finish()` is called, or never.
 */
function slowRequest(
  url: string,
  body: string,
): { received: Promise<void>; finish(): void; response: Promise<{ status: number; body: string }> } {
  let finish = () => {};
  let received!: Promise<void>;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
        'sec-fetch-site': 'same-origin',
      },
    });
    received = new Promise((resolveReceived) => request.once('continue', () => resolveReceived()));
    finish = () => request.end(body);
    request.once('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
    request.flushHeaders();
  });
  return { received, finish: () => finish(), response };
}

/** `docker stop` sends SIGTERM and, 10 s later, SIGKILL: the web process must be gone by then, having drained. */
describe('the web process on SIGTERM', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vd-drain-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('drains: sockets get 1001, new connections are turned away, the request in flight is answered, exit 0 within 10 s', async () => {
    // The first start makes the embedded database (slow on a busy machine without the built template).
    const server = await startServer(appEnv(dataDir), { timeoutMs: 90_000 });
    const token = await devSignIn(server.url, DEMO.chef);
    const sockets = await Promise.all([1, 2, 3].map(() => GatewayTestClient.identified(server.url, token)));
    const unidentified = await GatewayTestClient.open(server.url);
    const slow = slowRequest(`${server.url}/api/client/dev/sign-in`, JSON.stringify({ userId: DEMO.customer }));
    await slow.received;

    const started = performance.now();
    const exited = server.signal('SIGTERM');
    const closes = await Promise.all([...sockets, unidentified].map((socket) => socket.closed));
    expect(closes.map((c) => c.code)).toEqual([CLOSE.GOING_AWAY, CLOSE.GOING_AWAY, CLOSE.GOING_AWAY, CLOSE.GOING_AWAY]);
    // The drain has begun: a new request is refused (503) or finds nothing listening any more.
    expect([0, 503]).toContain(await statusOf(`${server.url}/api/health`));

    // The slow client now sends its body: the request it started before the signal is answered in full.
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ sessionToken: expect.any(String) });

    expect(await exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('shutting down');
    // Development logs readable lines (pino-pretty: core/logger.ts).
    expect(server.output()).toMatch(/\] INFO: shut down /);
  }, 120_000);

  it('exits anyway when something hangs past SHUTDOWN_TIMEOUT_S, and logs it', async () => {
    const server = await startServer({ ...appEnv(dataDir), SHUTDOWN_TIMEOUT_S: '2' }, { timeoutMs: 90_000 });
    // A client that never sends its body keeps its request, and so the drain, open.
    const stuck = slowRequest(`${server.url}/api/client/dev/sign-in`, JSON.stringify({ userId: DEMO.customer }));
    stuck.response.catch(() => {});
    await stuck.received;
    const started = performance.now();
    expect(await server.signal('SIGTERM')).toBe(1);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(2000);
    expect(took).toBeLessThan(6000);
    expect(server.output()).toContain('shutdown did not finish within 2 s: exiting anyway');
  }, 120_000);
});
