import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  appEnv,
  type BenchCase,
  budget,
  DEMO_USERS,
  devSignIn,
  measure,
  measureServer,
  median,
  type RunningServer,
  round,
  type ServerLoadFigures,
  scratchDatabase,
  startServer,
} from '../lib.ts';

const CONNECTIONS = 50;
/** Seconds per measured slice. */
const SLICE = 2;
const WARMUP = { connections: CONNECTIONS, duration: 2 };
const ROUNDS = 8;

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
 * and, when a PostgreSQL server is named, on PostgreSQL too.
 *
 * A shared VM's speed drifts by tens of per cent within a minute (hello world alone cost 14-26 µs per request in one
 * run), so each route is measured in short slices, each between two slices of hello world (hello, route 1, hello,
 * route 2, …, hello), and each slice's ratio is taken against the mean of the hello slices on either side of it: a
 * drift touches both sides of the ratio alike. The headline is the median of a route's ratios over the rounds. Each
 * app idles while the others are measured, as a user's server idles between busy spells.
 */
export const throughput: BenchCase = {
  name: 'throughput',
  description: `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE} s slices, each route's slice between two of hello world; server CPU per request against hello world, on the embedded database and on PostgreSQL`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
    // PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a scratch database, dropped after):
    // production runs there.
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    const scratch = adminUrl ? await scratchDatabase(adminUrl, `diner_bench_throughput_${process.pid}`) : null;
    const servers: RunningServer[] = [];
    try {
      const hello = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
      servers.push(hello);
      const baseline: Target = {
        label: 'hello world (bare Fastify)',
        url: `${hello.url}/`,
        pid: hello.pid,
        headers: {},
      };
      const targets: Target[] = [];
      const apps: [string, Record<string, string>][] = [['embedded', appEnv(dataDir)]];
      if (scratch) apps.push(['PostgreSQL', { ...appEnv(dataDir), DATABASE_URL: scratch.url }]);
      for (const [database, env] of apps) {
        const app = await startServer(env, { timeoutMs: 120_000 });
        servers.push(app);
        // A real session for @me: the demo customer, through the dev sign-in the demo setup offers.
        const sessionToken = await devSignIn(app.url, DEMO_USERS.customer);
        // Issue 42's budgets: a share of hello world's CPU per request.
        targets.push(
          {
            label: `GET /api/client/settings (${database})`,
            url: `${app.url}/api/client/settings`,
            pid: app.pid,
            headers: {},
            target: 0.8,
          },
          {
            label: `GET /api/v3/users/@me, session (${database})`,
            url: `${app.url}/api/v3/users/@me`,
            pid: app.pid,
            headers: { authorization: `Bearer ${sessionToken}` },
            target: 0.6,
          },
        );
      }
      const slice = (target: Target) =>
        measureServer(target.url, target.pid, { connections: CONNECTIONS, duration: SLICE, headers: target.headers });
      // Warm-up runs let the JIT, the ORM's caches and the database's pages settle; their figures are discarded.
      for (const target of [baseline, ...targets]) await measure(target.url, { ...WARMUP, headers: target.headers });
      const helloSlices: ServerLoadFigures[] = [];
      const slices = targets.map(() => [] as ServerLoadFigures[]);
      /** Per route, one per round: the mean CPU per request of the hello slices either side of its slice / its own. */
      const pairedRatios = targets.map(() => [] as number[]);
      for (let pass = 0; pass < ROUNDS; pass++) {
        let before = await slice(baseline);
        helloSlices.push(before);
        for (const [i, target] of targets.entries()) {
          const figures = await slice(target);
          const after = await slice(baseline);
          helloSlices.push(after);
          slices[i]!.push(figures);
          if (before.cpuUsPerRequest !== null && after.cpuUsPerRequest !== null && figures.cpuUsPerRequest) {
            pairedRatios[i]!.push((before.cpuUsPerRequest + after.cpuUsPerRequest) / 2 / figures.cpuUsPerRequest);
          }
          before = after;
        }
      }
      const summary = (label: string, r: ServerLoadFigures[]) => ({
        label,
        rps: round(median(r.map((f) => f.rps)), 1),
        p50: median(r.map((f) => f.p50)),
        p99: median(r.map((f) => f.p99)),
        failures: r.reduce((sum, f) => sum + f.failures, 0),
        cpuUsPerRequest: r.every((f) => f.cpuUsPerRequest !== null)
          ? round(median(r.map((f) => f.cpuUsPerRequest!)), 1)
          : null,
        slices: r.map((f) => ({
          ...f,
          rps: round(f.rps, 1),
          cpuUsPerRequest: f.cpuUsPerRequest === null ? null : round(f.cpuUsPerRequest, 1),
        })),
      });
      const figures = [
        summary(baseline.label, helloSlices),
        ...targets.map((target, i) => summary(target.label, slices[i]!)),
      ];
      const ratios = targets.map((target, i) => {
        const paired = pairedRatios[i]!;
        const measured = paired.length === ROUNDS;
        return {
          label: target.label,
          target: target.target!,
          cpuRatio: measured ? round(median(paired), 3) : null,
          cpuRatios: measured ? paired.map((r) => round(r, 3)) : null,
          rpsRatio: round(figures[i + 1]!.rps / figures[0]!.rps, 3),
        };
      });
      return {
        rows: figures.map((f, i) => ({
          case: f.label,
          'server CPU µs/req': f.cpuUsPerRequest ?? 'n/a',
          'CPU ratio': i === 0 ? 1 : (ratios[i - 1]!.cpuRatio ?? 'n/a'),
          'lowest, highest':
            i === 0 || !ratios[i - 1]!.cpuRatios
              ? ''
              : `${Math.min(...ratios[i - 1]!.cpuRatios!)}, ${Math.max(...ratios[i - 1]!.cpuRatios!)}`,
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
              : `${r.label} / hello world by server CPU per request: ${r.cpuRatio}×; by req/s ${r.rpsRatio}×`,
          ),
          `CPU ratio: the median over ${ROUNDS} rounds of (hello world's CPU per request in the slices just before and after the route's, averaged) / the route's, with the lowest and highest round beside it. CPU µs/req and the other columns are medians over the slices.`,
          'The app runs with NODE_ENV=development and LOG_LEVEL=info as `npm start` has it (request lines are at debug outside production: none is written); hello world is bare Fastify with no logger.',
          "CPU per request is each server process's own user + system time over a slice (from /proc) / requests answered: autocannon's share of the cores does not count, so it is the headline; req/s is secondary.",
          ...(figures.some((f) => f.failures > 0)
            ? ['Some requests failed: those figures do not measure the route.']
            : []),
          ...(scratch
            ? []
            : [
                'PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server the bench may create a database on.',
              ]),
        ],
        budgets: ratios.map((r) =>
          budget(
            `${r.label}: CPU per request against hello world`,
            r.cpuRatio === null ? 'n/a (not Linux)' : `${r.cpuRatio}×`,
            `≥ ${r.target}×`,
            r.cpuRatio === null ? null : r.cpuRatio >= r.target,
          ),
        ),
        data: {
          connections: CONNECTIONS,
          sliceSeconds: SLICE,
          warmup: WARMUP,
          rounds: ROUNDS,
          logLevel: 'info',
          postgres: scratch !== null,
          ratios,
          servers: figures,
        },
      };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
