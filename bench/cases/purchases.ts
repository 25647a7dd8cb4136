import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  appEnv,
  type BenchCase,
  budget,
  type CpuShares,
  cpuColumns,
  cpuShares,
  measure,
  median,
  type RunningServer,
  round,
  scratchDatabase,
  startServer,
} from '../lib.ts';

const BUYERS = 50;
const LOAD = { connections: 50, duration: 10 };
const WARMUP = { connections: 50, duration: 2 };
const ROUNDS = 2;
/** Issue 42's budget: at least 1,000 purchases/s with p99 ≤ 50 ms, 50 buyers, PostgreSQL. */
const TARGET = { rps: 1000, p99: 50 };
const BUDGET = `purchases, ${BUYERS} buyers, PostgreSQL`;
const BUDGET_TEXT = `≥ ${TARGET.rps.toLocaleString('en')}/s, p99 ≤ ${TARGET.p99} ms`;

/**
 * `POST /api/client/store/items/purchase` at 50 connections on PostgreSQL (a scratch database on the server
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names), 50 buyers taken round-robin, beside the bare Fastify hello-world
 * measured in the same rounds. Every purchase is the whole path: one transaction of the store's service (the item, the
 * buyer's lock, the ledger row with the debit, the grant, the purchase row).
 */
export const purchasesCase: BenchCase = {
  name: 'purchases',
  description: `POST /api/client/store/items/purchase on PostgreSQL (${LOAD.connections} connections, ${LOAD.duration} s, median of ${ROUNDS}) beside hello world`,
  async run() {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    if (!adminUrl)
      return {
        rows: [],
        budgets: [budget(BUDGET, 'not measured: no BENCH_DATABASE_URL or TEST_DATABASE_URL', BUDGET_TEXT, null)],
        notes: [
          'Skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server the bench may create a database on.',
        ],
      };
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-purchases-'));
    const scratch = await scratchDatabase(adminUrl, `diner_bench_purchases_${process.pid}`);
    const servers: RunningServer[] = [];
    try {
      const fixtureFile = path.join(dataDir, 'fixture.json');
      const app = await startServer(
        {
          ...appEnv(path.join(dataDir, 'app')),
          DATABASE_URL: scratch.url,
          DEMO_DATA: 'false',
          STORE_PURCHASES_PER_MINUTE: '0',
          BENCH_FIXTURE: fixtureFile,
          BENCH_BUYERS: String(BUYERS),
        },
        { script: 'bench/store-server.ts', timeoutMs: 120_000 },
      );
      servers.push(app);
      const started = performance.now();
      while (!existsSync(fixtureFile)) {
        if (performance.now() - started > 120_000) throw new Error(`No fixture after 120 s:\n${app.output()}`);
        await sleep(50);
      }
      await sleep(100);
      const fixture = JSON.parse(await readFile(fixtureFile, 'utf8')) as { item: string; buyers: string[] };
      const hello = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
      servers.push(hello);
      // The write baseline on the same database: bare Fastify + pg, one locking transaction per request (as the writes case).
      const baseline = await startServer(
        { DATABASE_URL: scratch.url, DATA_DIR: path.join(dataDir, 'baseline'), BENCH_ROWS: String(BUYERS) },
        { script: 'bench/write-baseline-server.ts', readyPath: '/', timeoutMs: 120_000 },
      );
      servers.push(baseline);
      let row = 0;
      const locking = async (options: { connections: number; duration: number }) => {
        const result = await autocannon({
          url: `${baseline.url}/orders/0/toggle`,
          ...options,
          requests: [
            { method: 'POST', setupRequest: (request) => ({ ...request, path: `/orders/${row++ % BUYERS}/toggle` }) },
          ],
        });
        return {
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failures: result.non2xx + result.errors + result.timeouts,
          requests: result.requests.total,
        };
      };

      let next = 0;
      const body = JSON.stringify({ id: fixture.item });
      const purchases = async (options: { connections: number; duration: number }) => {
        const result = await autocannon({
          url: `${app.url}/api/client/store/items/purchase`,
          ...options,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
              setupRequest: (request) => ({
                ...request,
                headers: {
                  ...request.headers,
                  authorization: `Bearer ${fixture.buyers[next++ % fixture.buyers.length]}`,
                },
              }),
            },
          ],
        });
        return {
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failures: result.non2xx + result.errors + result.timeouts,
          requests: result.requests.total,
        };
      };
      await purchases(WARMUP);
      await locking(WARMUP);
      await measure(`${hello.url}/`, WARMUP);
      const runs = {
        purchases: [] as Awaited<ReturnType<typeof purchases>>[],
        locking: [] as Awaited<ReturnType<typeof locking>>[],
        hello: [] as Awaited<ReturnType<typeof measure>>[],
      };
      const shares = { purchases: [] as CpuShares[], locking: [] as CpuShares[] };
      for (let i = 0; i < ROUNDS; i++) {
        let clock = cpuShares(app.pid);
        const figures = await purchases(LOAD);
        shares.purchases.push(clock.done(figures.requests));
        runs.purchases.push(figures);
        clock = cpuShares(baseline.pid);
        const lockingFigures = await locking(LOAD);
        shares.locking.push(clock.done(lockingFigures.requests));
        runs.locking.push(lockingFigures);
        runs.hello.push(await measure(`${hello.url}/`, LOAD));
      }
      const line = (
        label: string,
        list: { rps: number; p50: number; p99: number; failures: number }[],
        cpu: CpuShares[] = [],
      ) => ({
        case: label,
        'req/s': round(median(list.map((r) => r.rps))),
        'p50 ms': median(list.map((r) => r.p50)),
        'p99 ms': median(list.map((r) => r.p99)),
        failures: list.reduce((n, r) => n + r.failures, 0),
        ...cpuColumns(cpu),
      });
      const load = os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
      const rps = median(runs.purchases.map((r) => r.rps));
      const p99 = median(runs.purchases.map((r) => r.p99));
      return {
        rows: [
          line('purchases (PostgreSQL)', runs.purchases, shares.purchases),
          line('bare Fastify + pg: select … for update + update in a transaction', runs.locking, shares.locking),
          line('hello world', runs.hello),
        ],
        notes: [
          `Purchases reach ${round(rps / median(runs.locking.map((r) => r.rps)), 2)}× the locking-transaction baseline's requests/s on the same database (a purchase is one transaction of the store's service, plugins/store/buying.ts: the item, the recipient’s lock, the ledger row with the debit, the grant, the purchase with the stock).`,
          `CPU per operation (µs, median of the rounds): the server's process, every PostgreSQL process, and this process (the load generator); the ceiling is what ${os.cpus().length} cores could do if they did nothing else (cores × 1 s / the sum). Load average at the end: ${load}.`,
        ],
        budgets: [
          budget(BUDGET, `${round(rps)}/s, p99 ${p99} ms`, BUDGET_TEXT, rps >= TARGET.rps && p99 <= TARGET.p99),
        ],
      };
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
