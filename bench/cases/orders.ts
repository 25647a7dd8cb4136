import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { appEnv, type BenchCase, cpuMs, type LoadFigures, measure, median, round, startServer } from '../lib.ts';

const ACTIVE = 500;
const CLAIM_ORDERS = 50;
const CHEFS = 200;
const LOAD = { connections: 50, duration: 10 };
const WARMUP = { connections: 50, duration: 2 };
const ROUNDS = 3;
const TARGET_P99_MS = 25;

interface Fixture {
  viewer: string;
  claimOrders: string[];
  chefs: string[];
}

/**
 * The order manager's list with 500 active orders under 50 connections, then 200 chefs claiming 50 orders at once
 * (4 chefs per order): exactly 50 must win.
 */
export const ordersCase: BenchCase = {
  name: 'orders',
  description: `GET /api/client/orders with ${ACTIVE} active orders (${LOAD.connections} connections, ${LOAD.duration} s, median of ${ROUNDS}); ${CHEFS} concurrent claims over ${CLAIM_ORDERS} orders`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-orders-'));
    const fixtureFile = path.join(dataDir, 'fixture.json');
    const server = await startServer(
      {
        ...appEnv(dataDir),
        DEMO_DATA: 'false',
        ORDER_SWEEP_INTERVAL_MS: '1000',
        BENCH_FIXTURE: fixtureFile,
        BENCH_ACTIVE: String(ACTIVE),
        BENCH_CLAIM_ORDERS: String(CLAIM_ORDERS),
        BENCH_CHEFS: String(CHEFS),
      },
      { script: 'bench/orders-server.ts', timeoutMs: 120_000 },
    );
    const hello = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
    let payloadServer: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      const started = performance.now();
      while (!existsSync(fixtureFile)) {
        if (performance.now() - started > 120_000) throw new Error(`No fixture after 120 s:\n${server.output()}`);
        await sleep(50);
      }
      await sleep(100);
      const fixture = JSON.parse(await readFile(fixtureFile, 'utf8')) as Fixture;
      const headers = { authorization: `Bearer ${fixture.viewer}` };
      const listUrl = `${server.url}/api/client/orders`;
      const probe = await fetch(listUrl, { headers });
      const text = await probe.text();
      const listed = (JSON.parse(text) as { orders: unknown[] }).orders.length;
      const bytes = Buffer.byteLength(text);

      // As a browser asks (gzip, deflate, br: the server answers in brotli), and uncompressed; alternated rounds.
      // The bare Fastify hello-world in the same rounds: how much of the latency is this (shared, 2-core) machine's.
      const variants = [
        {
          label: 'gzip',
          url: listUrl,
          pid: server.pid,
          headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
        },
        { label: 'identity', url: listUrl, pid: server.pid, headers },
        { label: 'hello', url: `${hello.url}/`, pid: hello.pid, headers: {} },
      ];
      // The same compressed bytes from a bare Fastify: the machine's cost of the payload alone.
      const [gzipped, encoding] = await new Promise<[Buffer, string]>((resolve, reject) => {
        http
          .get(listUrl, { headers: variants[0]!.headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve([Buffer.concat(chunks), String(res.headers['content-encoding'])]));
          })
          .on('error', reject);
      });
      const gzBytes = gzipped.length;
      const payloadFile = path.join(dataDir, 'payload.json.z');
      await writeFile(payloadFile, gzipped);
      payloadServer = await startServer(
        { PAYLOAD_FILE: payloadFile, PAYLOAD_ENCODING: encoding },
        { script: 'bench/payload-server.ts', readyPath: '/' },
      );
      variants.push({
        label: 'payload',
        url: `${payloadServer.url}/`,
        pid: payloadServer.pid,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      for (const v of variants) await measure(v.url, { ...WARMUP, headers: v.headers });
      // Server CPU per request (from /proc): the load generator shares the 2 cores, this is the server's own cost.
      const runs = variants.map(() => [] as (LoadFigures & { cpuUs: number | null })[]);
      for (let i = 0; i < ROUNDS; i++) {
        for (const [j, v] of variants.entries()) {
          const before = cpuMs(v.pid);
          const figures = await measure(v.url, { ...LOAD, headers: v.headers });
          const after = cpuMs(v.pid);
          const requests = figures.rps * LOAD.duration;
          runs[j]!.push({
            ...figures,
            cpuUs: before === null || after === null || requests === 0 ? null : ((after - before) * 1000) / requests,
          });
        }
      }
      const lists = runs.map((r) => ({
        rps: round(median(r.map((f) => f.rps)), 1),
        p50: median(r.map((f) => f.p50)),
        p99: median(r.map((f) => f.p99)),
        failures: r.reduce((sum, f) => sum + f.failures, 0),
        cpuUs: r.every((f) => f.cpuUs !== null) ? round(median(r.map((f) => f.cpuUs!)), 1) : ('n/a' as const),
      }));
      const list = lists[0]!;
      const plain = lists[1]!;
      const baseline = lists[2]!;
      const bare = lists[3]!;

      // 200 claims at once, each chef on their own connection.
      const agent = new http.Agent({ keepAlive: true, maxSockets: CHEFS });
      const claimStarted = performance.now();
      const answers = await Promise.all(
        fixture.chefs.map(async (token, i) => {
          const t0 = performance.now();
          const status = await post(
            `${server.url}/api/client/orders/${fixture.claimOrders[i % CLAIM_ORDERS]}/claim`,
            token,
            agent,
          );
          return { status, ms: performance.now() - t0 };
        }),
      );
      const claimMs = performance.now() - claimStarted;
      agent.destroy();
      const winners = answers.filter((a) => a.status === 200).length;
      const conflicts = answers.filter((a) => a.status === 409).length;
      const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
      const claims = {
        winners,
        conflicts,
        other: CHEFS - winners - conflicts,
        totalMs: round(claimMs, 1),
        p50: round(latencies[Math.floor(latencies.length * 0.5)]!, 1),
        p99: round(latencies[Math.floor(latencies.length * 0.99)]!, 1),
      };
      return {
        rows: [
          {
            case: `GET /api/client/orders, ${encoding} (${listed} active, ${Math.round(gzBytes / 1024)} KiB)`,
            'req/s': round(list.rps),
            'p50 ms': list.p50,
            'p99 ms': list.p99,
            'server CPU µs/req': list.cpuUs,
            failures: list.failures,
          },
          {
            case: `GET /api/client/orders, uncompressed (${Math.round(bytes / 1024)} KiB)`,
            'req/s': round(plain.rps),
            'p50 ms': plain.p50,
            'p99 ms': plain.p99,
            'server CPU µs/req': plain.cpuUs,
            failures: plain.failures,
          },
          {
            case: 'hello world (bare Fastify, same rounds)',
            'req/s': round(baseline.rps),
            'p50 ms': baseline.p50,
            'p99 ms': baseline.p99,
            'server CPU µs/req': baseline.cpuUs,
            failures: baseline.failures,
          },
          {
            case: `the same ${Math.round(gzBytes / 1024)} KiB from bare Fastify (same rounds)`,
            'req/s': round(bare.rps),
            'p50 ms': bare.p50,
            'p99 ms': bare.p99,
            'server CPU µs/req': bare.cpuUs,
            failures: bare.failures,
          },
          {
            case: `${CHEFS} concurrent claims over ${CLAIM_ORDERS} orders`,
            'req/s': round((CHEFS / claimMs) * 1000),
            'p50 ms': claims.p50,
            'p99 ms': claims.p99,
            'server CPU µs/req': 'n/a',
            failures: claims.other,
          },
        ],
        notes: [
          `GET /api/client/orders p99 ${list.p99} ms in ${encoding}, ${plain.p99} ms uncompressed (target under ${TARGET_P99_MS} ms: ${list.p99 < TARGET_P99_MS ? 'met' : 'NOT met'} as browsers ask)`,
          `Claims: ${winners} won, ${conflicts} got 409, ${claims.other} other, in ${claims.totalMs} ms in all (exactly ${CLAIM_ORDERS} winners expected: ${winners === CLAIM_ORDERS && claims.other === 0 ? 'yes' : 'NO'})`,
        ],
        data: {
          active: listed,
          bytes,
          encoding,
          gzBytes,
          load: LOAD,
          rounds: runs,
          list,
          plain,
          baseline,
          bare,
          claims,
        },
      };
    } finally {
      await server.stop();
      await hello.stop();
      await payloadServer?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

function post(url: string, token: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
