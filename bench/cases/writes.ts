import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  appEnv,
  type BenchCase,
  budget,
  type CpuShares,
  cpuColumns,
  cpuShares,
  median,
  type RunningServer,
  round,
  scratchDatabase,
  startServer,
} from '../lib.ts';

const CHEFS = 20;
const WARMUP_S = 2;
/** Seconds per measured slice. */
const SLICE_S = 3;
/** App slices, each between two of the baseline's (baseline, app, baseline, app, …, baseline). */
const ROUNDS = 6;
/**
 * Issue 42's budgets, against the locking-transaction baseline on the same database: on PostgreSQL at least 0.8× with
 * p99 ≤ 30 ms; on the embedded database (the baseline on an in-process PGlite) at least 0.7×.
 */
const TARGETS = { postgresRatio: 0.8, postgresP99Ms: 30, pgliteRatio: 0.7 };

interface Fixture {
  claimOrders: string[];
  chefs: string[];
}

interface WriteFigures {
  /** Each write's latency in ms, sorted. */
  latencies: number[];
  writes: number;
  writesPerS: number;
  p50: number;
  p99: number;
  failures: number;
  cpuUsPerWrite: number | null;
  cpu: CpuShares;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function post(agent: http.Agent, url: string, token: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * CHEFS clients, each on its own keep-alive connection, each sending its next write as soon as the last is
 * answered, for `seconds`: writes/s, latency per write, and the server process's CPU time per write.
 */
async function drive(
  pid: number,
  seconds: number,
  next: (chef: number, step: number) => { url: string; token: string | null },
): Promise<WriteFigures> {
  const agents = Array.from({ length: CHEFS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const latencies: number[] = [];
  let failures = 0;
  const clock = cpuShares(pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    agents.map(async (agent, chef) => {
      for (let step = 0; performance.now() < deadline; step++) {
        const { url, token } = next(chef, step);
        const t0 = performance.now();
        const status = await post(agent, url, token);
        latencies.push(performance.now() - t0);
        if (status !== 200) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = clock.done(latencies.length);
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    writes: latencies.length,
    writesPerS: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    cpuUsPerWrite: cpu.serverUs,
    cpu,
  };
}

async function runOn(database: 'PGlite' | 'PostgreSQL', adminUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-writes-'));
  const scratch = adminUrl ? await scratchDatabase(adminUrl, `diner_bench_writes_${process.pid}`) : null;
  const servers: RunningServer[] = [];
  try {
    const fixtureFile = path.join(dataDir, 'fixture.json');
    const app = await startServer(
      {
        ...appEnv(path.join(dataDir, 'app')),
        DATABASE_URL: scratch?.url ?? '',
        DEMO_DATA: 'false',
        BENCH_FIXTURE: fixtureFile,
        BENCH_ACTIVE: String(CHEFS),
        BENCH_CLAIM_ORDERS: String(CHEFS),
        BENCH_CHEFS: String(CHEFS),
      },
      { script: 'bench/orders-server.ts', timeoutMs: 120_000 },
    );
    servers.push(app);
    const started = performance.now();
    while (!existsSync(fixtureFile)) {
      if (performance.now() - started > 120_000) throw new Error(`No fixture after 120 s:\n${app.output()}`);
      await sleep(50);
    }
    await sleep(100);
    const fixture = JSON.parse(await readFile(fixtureFile, 'utf8')) as Fixture;
    const baseline = await startServer(
      { DATABASE_URL: scratch?.url ?? '', DATA_DIR: path.join(dataDir, 'baseline'), BENCH_ROWS: String(CHEFS) },
      { script: 'bench/write-baseline-server.ts', readyPath: '/', timeoutMs: 120_000 },
    );
    servers.push(baseline);

    // Chef i holds order i: claim, unclaim, claim… (each a locking transaction with the conditional update).
    const appWrite = (chef: number, step: number) => ({
      url: `${app.url}/api/client/orders/${fixture.claimOrders[chef]}/${step % 2 === 0 ? 'claim' : 'unclaim'}`,
      token: fixture.chefs[chef]!,
    });
    const baselineWrite = (chef: number) => ({ url: `${baseline.url}/orders/${chef}/toggle`, token: null });
    // Each chef's writes alternate claim and unclaim from an unclaimed order: every run starts from one.
    await drive(app.pid, WARMUP_S, appWrite);
    await settleUnclaimed(app.url, fixture);
    await drive(baseline.pid, WARMUP_S, baselineWrite);
    // A shared VM's speed drifts by tens of per cent within a minute: each app slice is taken against the mean of
    // the baseline's slices just before and after it, and the headline is the median of those ratios.
    const baselineRuns: WriteFigures[] = [await drive(baseline.pid, SLICE_S, baselineWrite)];
    const appRuns: WriteFigures[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const before = baselineRuns.at(-1)!;
      const run = await drive(app.pid, SLICE_S, appWrite);
      await settleUnclaimed(app.url, fixture);
      const after = await drive(baseline.pid, SLICE_S, baselineWrite);
      appRuns.push(run);
      baselineRuns.push(after);
      ratios.push(run.writesPerS / ((before.writesPerS + after.writesPerS) / 2));
    }
    return { database, app: summary(appRuns), baseline: summary(baselineRuns), ratios };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch?.drop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A server's slices as one row: the median slice's writes/s, p50/p99 over every write of every slice, each slice's CPU (in order). */
function summary(runs: readonly WriteFigures[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    writesPerS: median(runs.map((r) => r.writesPerS)),
    writes: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    cpu: runs.map((r) => r.cpu),
    slices: runs.map((r) => ({
      writesPerS: round(r.writesPerS),
      p50: round(r.p50, 1),
      p99: round(r.p99, 1),
      failures: r.failures,
    })),
  };
}

/** After a timed run a chef may have stopped on a claim: unclaim what each still holds, so the next run starts clean. */
async function settleUnclaimed(baseUrl: string, fixture: Fixture): Promise<void> {
  const agent = new http.Agent({ keepAlive: false });
  await Promise.all(
    fixture.chefs.map((token, i) =>
      post(agent, `${baseUrl}/api/client/orders/${fixture.claimOrders[i]}/unclaim`, token),
    ),
  );
  agent.destroy();
}

/**
 * The write path: 20 chefs, each claiming and unclaiming their own order as fast as the server answers, beside a
 * bare Fastify doing one locking transaction per request on the same database (bench/write-baseline-server.ts). On
 * PGlite always; on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a scratch database is
 * made there and dropped).
 */
export const writesCase: BenchCase = {
  name: 'writes',
  description: `${CHEFS} chefs claiming and unclaiming their own order, ${ROUNDS} slices of ${SLICE_S} s, each between two of a bare Fastify locking-transaction baseline`,
  async run() {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    // BENCH_WRITES_ON=postgresql (or pglite) runs one database only (profiling one of them).
    const only = process.env.BENCH_WRITES_ON?.toLowerCase();
    const results = [];
    if (only !== 'postgresql') results.push(await runOn('PGlite', undefined));
    if (adminUrl && only !== 'pglite') results.push(await runOn('PostgreSQL', adminUrl));
    const rows = results.flatMap((r) =>
      [
        { label: `${r.database}: claim/unclaim (the app)`, f: r.app },
        { label: `${r.database}: bare Fastify, select … for update + update in a transaction`, f: r.baseline },
      ].map(({ label, f }) => ({
        case: label,
        'writes/s': round(f.writesPerS),
        'p50 ms': round(f.p50, 1),
        'p99 ms': round(f.p99, 1),
        failures: f.failures,
        ...cpuColumns(f.cpu),
      })),
    );
    const notes = results.map((r) => {
      const spread = `lowest ${round(Math.min(...r.ratios), 2)}×, highest ${round(Math.max(...r.ratios), 2)}×`;
      return `${r.database}: the app reaches ${round(median(r.ratios), 2)}× the baseline's writes/s (the median over ${ROUNDS} slices, each against the baseline's slices either side; ${spread}), p99 ${round(r.app.p99, 1)} ms over every write.`;
    });
    const budgets = results.map((r) => {
      const ratio = median(r.ratios);
      return r.database === 'PostgreSQL'
        ? budget(
            'writes, 20 chefs claim/unclaim, PostgreSQL, against bare Fastify + pg locking transaction',
            `${round(ratio, 2)}×, p99 ${round(r.app.p99, 1)} ms`,
            `≥ ${TARGETS.postgresRatio}×, p99 ≤ ${TARGETS.postgresP99Ms} ms`,
            ratio >= TARGETS.postgresRatio && r.app.p99 <= TARGETS.postgresP99Ms,
          )
        : budget(
            'writes on the embedded DB against bare Fastify + PGlite locking transaction',
            `${round(ratio, 2)}×`,
            `≥ ${TARGETS.pgliteRatio}×`,
            ratio >= TARGETS.pgliteRatio,
          );
    });
    if (!adminUrl)
      budgets.push(
        budget(
          'writes, 20 chefs claim/unclaim, PostgreSQL, against bare Fastify + pg locking transaction',
          'not measured: no BENCH_DATABASE_URL or TEST_DATABASE_URL',
          `≥ ${TARGETS.postgresRatio}×, p99 ≤ ${TARGETS.postgresP99Ms} ms`,
          null,
        ),
      );
    if (!adminUrl)
      notes.push(
        'PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server the bench may create a database on.',
      );
    notes.push(`writes/s and CPU: the median slice of ${SLICE_S} s; p50 and p99 over every write of every slice.`);
    notes.push(
      `CPU per write (µs): the server's process (PGlite included, in the app's process), every PostgreSQL process, and this process (the 20 clients); the ceiling is what ${os.cpus().length} cores could do if they did nothing else (cores × 1 s / the sum).`,
    );
    return { rows, notes, budgets, data: { chefs: CHEFS, sliceS: SLICE_S, rounds: ROUNDS, targets: TARGETS, results } };
  },
};
