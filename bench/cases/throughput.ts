import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appEnv, DEMO_USERS, devSignIn, measure, measureServer, median, round, scratchDatabase, startServer, type BenchCase, type RunningServer, type ServerLoadFigures } from '../lib.ts';

const LOAD = { connections: 50, duration: 10 };
const WARMUP = { connections: 50, duration: 2 };
const ROUNDS = 3;

interface Target {
  label: string;
  url: string;
  pid: number;
  headers: Record<string, string>;
  /** The least share of hello world's CPU per request (none for hello world itself). */
  target?: number;
}

/**
 * GET /api/client/settings and GET /api/v3/users/@me on the server as a user runs it (default logging, LOG_LEVEL=info)
 * against a bare Fastify hello-world, each in its own process and measured the same way (measureServer). The
 * headline ratio is server CPU time per request (hello's / the route's): on a loaded 2-core machine the load
 * generator takes its share of the cores, and req/s ratios squeeze toward 1. The app runs on the embedded database
 * and, when a PostgreSQL server is named, on PostgreSQL too, each process with its database's V8 options. The
 * servers are measured in turn (hello, settings, @me, settings and @me on PostgreSQL, hello, …) so that drift on the
 * machine touches all alike; each app idles while the others are measured, as a user's server idles between busy
 * spells.
 */
export const throughput: BenchCase = {
  name: 'throughput',
  description: `${LOAD.connections} connections for ${LOAD.duration} s, median of ${ROUNDS} alternated rounds, server CPU per request against hello world, on the embedded database and on PostgreSQL`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
    // PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a scratch database, dropped after):
    // production runs there, with that database's V8 options (web/node-flags.ts).
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    const scratch = adminUrl ? await scratchDatabase(adminUrl, `diner_bench_throughput_${process.pid}`) : null;
    const servers: RunningServer[] = [];
    try {
      const hello = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
      servers.push(hello);
      const targets: Target[] = [{ label: 'hello world (bare Fastify)', url: `${hello.url}/`, pid: hello.pid, headers: {} }];
      const apps: [string, Record<string, string>][] = [['embedded', appEnv(dataDir)]];
      if (scratch) apps.push(['PostgreSQL', { ...appEnv(dataDir), DATABASE_URL: scratch.url }]);
      for (const [database, env] of apps) {
        const app = await startServer(env, { timeoutMs: 120_000 });
        servers.push(app);
        // A real session for @me: the demo customer, through the dev sign-in the demo setup offers.
        const sessionToken = await devSignIn(app.url, DEMO_USERS.customer);
        // Targets (issue 10, item 11): a share of hello world's CPU per request.
        targets.push(
          { label: `GET /api/client/settings (${database})`, url: `${app.url}/api/client/settings`, pid: app.pid, headers: {}, target: 0.8 },
          {
            label: `GET /api/v3/users/@me, session (${database})`,
            url: `${app.url}/api/v3/users/@me`,
            pid: app.pid,
            headers: { authorization: `Bearer ${sessionToken}` },
            target: 0.6,
          },
        );
      }
      // Warm-up runs let the JIT, the ORM's caches and the database's pages settle; their figures are discarded.
      for (const target of targets) await measure(target.url, { ...WARMUP, headers: target.headers });
      const runs = targets.map(() => [] as ServerLoadFigures[]);
      for (let pass = 0; pass < ROUNDS; pass++) {
        for (const [i, target] of targets.entries()) runs[i]!.push(await measureServer(target.url, target.pid, { ...LOAD, headers: target.headers }));
      }
      const figures = targets.map((target, i) => {
        const r = runs[i]!;
        return {
          label: target.label,
          rps: round(median(r.map((f) => f.rps)), 1),
          p50: median(r.map((f) => f.p50)),
          p99: median(r.map((f) => f.p99)),
          failures: r.reduce((sum, f) => sum + f.failures, 0),
          cpuUsPerRequest: r.every((f) => f.cpuUsPerRequest !== null) ? round(median(r.map((f) => f.cpuUsPerRequest!)), 1) : null,
          rounds: r.map((f) => ({ ...f, rps: round(f.rps, 1), cpuUsPerRequest: f.cpuUsPerRequest === null ? null : round(f.cpuUsPerRequest, 1) })),
        };
      });
      const [baseline, ...measured] = figures as [(typeof figures)[0], ...(typeof figures)[0][]];
      const ratios = measured.map((f, i) => {
        const target = targets[i + 1]!.target!;
        const cpuRatio = baseline.cpuUsPerRequest && f.cpuUsPerRequest ? baseline.cpuUsPerRequest / f.cpuUsPerRequest : null;
        return { label: f.label, target, cpuRatio: cpuRatio === null ? null : round(cpuRatio, 3), rpsRatio: round(f.rps / baseline.rps, 3) };
      });
      return {
        rows: figures.map((f, i) => ({
          case: f.label,
          'server CPU µs/req': f.cpuUsPerRequest ?? 'n/a',
          'CPU ratio': i === 0 ? 1 : (ratios[i - 1]!.cpuRatio ?? 'n/a'),
          target: i === 0 ? '' : `≥ ${ratios[i - 1]!.target}×`,
          'req/s': round(f.rps),
          'req/s ratio': i === 0 ? 1 : ratios[i - 1]!.rpsRatio,
          'p50 ms': round(f.p50, 1),
          'p99 ms': round(f.p99, 1),
          failures: f.failures,
        })),
        notes: [
          ...ratios.map((r) =>
            r.cpuRatio === null
              ? `${r.label}: no CPU figures (not Linux); ${round(r.rpsRatio * 100, 1)}% of hello world's req/s`
              : `${r.label} / hello world by server CPU per request: ${r.cpuRatio}× (target at least ${r.target}×: ${r.cpuRatio >= r.target ? 'met' : 'NOT met'}); by req/s ${r.rpsRatio}×`,
          ),
          'The app runs with NODE_ENV=development and LOG_LEVEL=info as `npm start` has it (request lines are at debug outside production: none is written); hello world is bare Fastify with no logger.',
          "CPU per request is each server process's own user + system time over the run (from /proc) / requests answered: autocannon's share of the cores does not count, so it is the headline; req/s is secondary.",
          ...(figures.some((f) => f.failures > 0) ? ['Some requests failed: those figures do not measure the route.'] : []),
          ...(scratch ? [] : ['PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server the bench may create a database on.']),
        ],
        data: { load: LOAD, warmup: WARMUP, rounds: ROUNDS, logLevel: 'info', postgres: scratch !== null, ratios, servers: figures },
      };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
