import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  appEnv,
  type BenchCase,
  budget,
  cpuMs,
  type LoadFigures,
  measure,
  median,
  round,
  startServer,
} from '../lib.ts';

const ACTIVE = 500;
const CLAIM_ORDERS = 50;
const CHEFS = 200;
const LOAD = { connections: 50, duration: 10 };
const WARMUP = { connections: 50, duration: 2 };
/** As a browser asks: the server answers in gzip (ADR 0024). */
const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const ROUNDS = 3;
/** Changes (a claim or an unclaim) for the first-read measure, in each of its two phases. */
const CHANGES = 200;
/** While the list is under load, one change every this many ms. */
const CHANGE_EVERY_MS = 100;
/** Issue 42's budgets for the active list at 500 orders. */
const TARGETS = { firstReadCpuMs: 1, p99UnderChangesMs: 10 };

interface Fixture {
  viewer: string;
  claimOrders: string[];
  chefs: string[];
}

/**
 * The order manager's list with 500 active orders under 50 connections, unchanged, then the server's CPU for the first
 * read after a change, then under load again with one change every 100 ms (issue 42's budgets); then 200 chefs claiming
 * 50 orders at once (4 chefs per order): exactly 50 must win.
 */
export const ordersCase: BenchCase = {
  name: 'orders',
  description: `GET /api/client/orders with ${ACTIVE} active orders (${LOAD.connections} connections, ${LOAD.duration} s, median of ${ROUNDS}), unchanged and with a change every ${CHANGE_EVERY_MS} ms; the server's CPU for the first read after a change; ${CHEFS} concurrent claims over ${CLAIM_ORDERS} orders`,
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

      // As a browser asks (AS_A_BROWSER) and uncompressed, in alternated rounds.
      // The bare Fastify hello-world in the same rounds: how much of the latency is this (shared, 2-core) machine's.
      const variants = [
        {
          label: 'gzip',
          url: listUrl,
          pid: server.pid,
          headers: { ...headers, ...AS_A_BROWSER },
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
      const payloadUrl = `${payloadServer.url}/`;
      const payloadPid = payloadServer.pid;
      variants.push({
        label: 'payload',
        url: payloadUrl,
        pid: payloadPid,
        headers: AS_A_BROWSER,
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

      const toggler = changer(server.url, fixture);
      const firstRead = await firstReadCpu(server.pid, toggler, () =>
        post(listUrl, fixture.viewer, null, 'GET', variants[0]!.headers),
      );
      // The same lone read of the same bytes from a bare Fastify: this machine's floor for it.
      const bareLone = await loneReadCpu(payloadPid, () => post(payloadUrl, fixture.viewer, null, 'GET', AS_A_BROWSER));
      const underChanges: LoadFigures[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const timer = setInterval(() => void toggler.change(), CHANGE_EVERY_MS);
        underChanges.push(await measure(listUrl, { ...LOAD, headers: variants[0]!.headers }));
        clearInterval(timer);
        await toggler.settle();
      }
      const changing = {
        rps: round(median(underChanges.map((f) => f.rps))),
        p50: median(underChanges.map((f) => f.p50)),
        p99: median(underChanges.map((f) => f.p99)),
        failures: underChanges.reduce((sum, f) => sum + f.failures, 0),
        changes: toggler.count(),
      };

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
            case: `GET /api/client/orders, ${encoding}, a change every ${CHANGE_EVERY_MS} ms`,
            'req/s': changing.rps,
            'p50 ms': changing.p50,
            'p99 ms': changing.p99,
            'server CPU µs/req': 'n/a',
            failures: changing.failures,
          },
          {
            case: `the first GET after a change, ${encoding} (${CHANGES} changes)`,
            'req/s': 'n/a',
            'p50 ms': round(firstRead.wallMs, 1),
            'p99 ms': 'n/a',
            'server CPU µs/req': firstRead.cpuUs === null ? 'n/a' : round(firstRead.cpuUs),
            failures: firstRead.failures,
          },
          {
            case: `the same GET after a pause, no change (${CHANGES} reads)`,
            'req/s': 'n/a',
            'p50 ms': round(firstRead.lone.wallMs, 1),
            'p99 ms': 'n/a',
            'server CPU µs/req': firstRead.lone.cpuUs === null ? 'n/a' : round(firstRead.lone.cpuUs),
            failures: firstRead.lone.failures,
          },
          {
            case: `the same ${encoding} bytes from bare Fastify after a pause (${CHANGES} reads)`,
            'req/s': 'n/a',
            'p50 ms': round(bareLone.wallMs, 1),
            'p99 ms': 'n/a',
            'server CPU µs/req': bareLone.cpuUs === null ? 'n/a' : round(bareLone.cpuUs),
            failures: bareLone.failures,
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
          `GET /api/client/orders p99 ${list.p99} ms in ${encoding}, ${plain.p99} ms uncompressed, with no change; ${changing.p99} ms in ${encoding} with a change (a claim or an unclaim) every ${CHANGE_EVERY_MS} ms (median of ${ROUNDS} rounds of ${LOAD.duration} s, ${changing.changes} changes in all).`,
          `The first read after a change: the server's CPU for ${CHANGES} rounds of (a change, a pause, a read) less that of ${CHANGES} rounds of (a change, a pause), / ${CHANGES} (from /proc, in 10 ms ticks: ±0.1 ms); its median wall time ${round(firstRead.wallMs, 1)} ms. Beside it, the same read after the pause with no change (less the pauses alone): what a lone request costs a server idle for 20 ms, whatever the list; and the same lone read of the same bytes from a bare Fastify (bench/payload-server.ts): this machine's floor for it.`,
          `Claims: ${winners} won, ${conflicts} got 409, ${claims.other} other, in ${claims.totalMs} ms in all (exactly ${CLAIM_ORDERS} winners expected: ${winners === CLAIM_ORDERS && claims.other === 0 ? 'yes' : 'NO'})`,
        ],
        budgets: [
          budget(
            `active list, ${listed} orders: CPU of the first read after a change`,
            firstRead.cpuUs === null ? 'n/a (not Linux)' : `${round(firstRead.cpuUs / 1000, 2)} ms`,
            `≤ ${TARGETS.firstReadCpuMs} ms`,
            firstRead.cpuUs === null ? null : firstRead.cpuUs <= TARGETS.firstReadCpuMs * 1000,
          ),
          budget(
            `active list, ${listed} orders: p99 at ${LOAD.connections} connections, a change every ${CHANGE_EVERY_MS} ms`,
            `${changing.p99} ms, ${changing.failures} failed`,
            `≤ ${TARGETS.p99UnderChangesMs} ms`,
            changing.failures === 0 && changing.p99 <= TARGETS.p99UnderChangesMs,
          ),
        ],
        data: {
          active: listed,
          firstRead,
          bareLone,
          underChanges: { ...changing, rounds: underChanges },
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

function post(
  url: string,
  token: string,
  agent: http.Agent | null,
  method = 'POST',
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const options = { method, agent: agent ?? undefined, headers: { ...headers, authorization: `Bearer ${token}` } };
    const req = http.request(url, options, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Chef 0 claims and unclaims the first order in turn: each call is one change to the active list. `settle()`
 * leaves it unclaimed (the claim storm after needs every order free).
 */
function changer(baseUrl: string, fixture: Fixture) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let claimed = false;
  let changes = 0;
  let pending = Promise.resolve();
  const toggle = async () => {
    const status = await post(
      `${baseUrl}/api/client/orders/${fixture.claimOrders[0]}/${claimed ? 'unclaim' : 'claim'}`,
      fixture.chefs[0]!,
      agent,
    );
    if (status !== 200) throw new Error(`a change answered ${status}`);
    claimed = !claimed;
    changes++;
  };
  return {
    /** One change, after the last one is answered. */
    change(): Promise<void> {
      pending = pending.then(toggle);
      return pending;
    },
    async settle(): Promise<void> {
      await pending;
      if (claimed) await this.change();
    },
    count: () => changes,
  };
}

/**
 * The server's CPU for the first read of the list after a change: CHANGES rounds of (a change, a pause for what follows
 * it, a read) against CHANGES rounds of (a change, a pause), the difference / CHANGES. /proc counts in 10 ms ticks:
 * over hundreds of rounds that is a tenth of a millisecond per read. Beside it, `lone`: the same read with no change
 * before it, the floor any single request sets on a server idle for the pause.
 */
async function firstReadCpu(pid: number, toggler: ReturnType<typeof changer>, read: () => Promise<number>) {
  const afterChanges = await pausedRounds(pid, () => toggler.change(), read);
  const changesAlone = await pausedRounds(pid, () => toggler.change(), null);
  await toggler.settle();
  return {
    cpuUs: perRead(afterChanges, changesAlone),
    wallMs: median(afterChanges.wall),
    failures: afterChanges.failures,
    lone: await loneReadCpu(pid, read),
  };
}

/** What one request costs a server that was idle for the pause: CHANGES rounds of (the pause, a read) less the pauses alone. */
async function loneReadCpu(pid: number, read: () => Promise<number>) {
  const reads = await pausedRounds(pid, null, read);
  const pausesAlone = await pausedRounds(pid, null, null);
  return { cpuUs: perRead(reads, pausesAlone), wallMs: median(reads.wall), failures: reads.failures };
}

/** CHANGES rounds of (a change when given, a pause of 20 ms, a read when given): the server's CPU, reads' wall times, failures. */
async function pausedRounds(
  pid: number,
  change: (() => Promise<void>) | null,
  read: (() => Promise<number>) | null,
): Promise<{ cpuMs: number | null; wall: number[]; failures: number }> {
  const wall: number[] = [];
  let failures = 0;
  const before = cpuMs(pid);
  for (let i = 0; i < CHANGES; i++) {
    if (change) await change();
    await sleep(20);
    if (read) {
      const t0 = performance.now();
      if ((await read()) !== 200) failures++;
      wall.push(performance.now() - t0);
    }
  }
  const after = cpuMs(pid);
  return { cpuMs: before === null || after === null ? null : after - before, wall, failures };
}

/** The CPU per read of rounds with reads, less that of the same rounds without them. */
function perRead(withReads: { cpuMs: number | null }, without: { cpuMs: number | null }): number | null {
  return withReads.cpuMs === null || without.cpuMs === null
    ? null
    : ((withReads.cpuMs - without.cpuMs) * 1000) / CHANGES;
}
