import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appEnv, cpuMs, measure, median, round, startServer, type BenchCase, type LoadFigures, type RunningServer } from '../lib.ts';

const LOAD = { connections: 50, duration: 10 };
const WARMUP = { connections: 50, duration: 2 };
const ROUNDS = 3;

/**
 * GET /api/client/settings against a bare Fastify hello-world, both in their own processes. The two are measured
 * in turn (hello, settings, hello, settings, …) so that drift on the machine touches both alike.
 */
export const throughput: BenchCase = {
  name: 'throughput',
  description: `${LOAD.connections} connections for ${LOAD.duration} s, median of ${ROUNDS} alternated rounds`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
    const servers: RunningServer[] = [];
    try {
      const app = await startServer(appEnv(dataDir));
      servers.push(app);
      const hello = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
      servers.push(hello);
      // A real session for @me: the demo customer, through the dev sign-in the embedded demo setup offers.
      const signIn = await fetch(`${app.url}/api/client/dev/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ userId: '1100000000000000001' }),
      });
      const { sessionToken } = (await signIn.json()) as { sessionToken: string };
      const targets: { label: string; url: string; pid: number; headers: Record<string, string>; target?: number }[] = [
        { label: 'hello world (bare Fastify)', url: `${hello.url}/`, pid: hello.pid, headers: {} },
        // Targets: a share of the hello-world throughput (foundation and identity issues).
        { label: 'GET /api/client/settings', url: `${app.url}/api/client/settings`, pid: app.pid, headers: {}, target: 0.5 },
        {
          label: 'GET /api/v3/users/@me (session)',
          url: `${app.url}/api/v3/users/@me`,
          pid: app.pid,
          headers: { authorization: `Bearer ${sessionToken}` },
          target: 0.4,
        },
      ];
      // Warm-up runs let the JIT, the ORM's caches and the database's pages settle; their figures are discarded.
      for (const target of targets) await measure(target.url, { ...WARMUP, headers: target.headers });
      const runs = targets.map(() => [] as (LoadFigures & { cpuUsPerRequest: number | null })[]);
      for (let pass = 0; pass < ROUNDS; pass++) {
        for (const [i, target] of targets.entries()) {
          const before = cpuMs(target.pid);
          const figures = await measure(target.url, { ...LOAD, headers: target.headers });
          const after = cpuMs(target.pid);
          const requests = figures.rps * LOAD.duration;
          const cpuUsPerRequest = before === null || after === null || requests === 0 ? null : ((after - before) * 1000) / requests;
          runs[i]!.push({ ...figures, cpuUsPerRequest });
        }
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
          rounds: r.map((f) => ({ ...f, rps: round(f.rps, 1) })),
        };
      });
      const [baseline, ...measured] = figures as [(typeof figures)[0], ...(typeof figures)[0][]];
      const ratios = measured.map((f, i) => {
        const target = targets[i + 1]!.target!;
        const ratio = f.rps / baseline.rps;
        const cpuRatio = baseline.cpuUsPerRequest && f.cpuUsPerRequest ? baseline.cpuUsPerRequest / f.cpuUsPerRequest : null;
        return { label: f.label, target, ratio: round(ratio, 4), cpuRatio: cpuRatio === null ? null : round(cpuRatio, 4) };
      });
      return {
        rows: figures.map((f) => ({
          case: f.label,
          'req/s': round(f.rps),
          'p50 ms': round(f.p50, 1),
          'p99 ms': round(f.p99, 1),
          'server CPU µs/req': f.cpuUsPerRequest ?? 'n/a',
          failures: f.failures,
        })),
        notes: [
          ...ratios.map(
            (r) =>
              `${r.label} / hello world: ${round(r.ratio * 100, 1)}% of the throughput (target at least ${r.target * 100}%: ${r.ratio >= r.target ? 'met' : 'NOT met'})` +
              (r.cpuRatio === null ? '' : `; ${round(r.cpuRatio * 100, 1)}% by server CPU per request`),
          ),
          'The load generator shares the 2 cores: CPU per request is the server\'s own cost, without autocannon\'s.',
          ...(figures.some((f) => f.failures > 0) ? ['Some requests failed: those figures do not measure the route.'] : []),
        ],
        data: { load: LOAD, warmup: WARMUP, rounds: ROUNDS, ratios, servers: figures },
      };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
