import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  commandInteraction,
  createInteractionSigner,
  pingInteraction,
} from '../../tests/stand-ins/discord/interactions.ts';
import {
  appEnv,
  type BenchCase,
  budget,
  cpuMs,
  type RunningServer,
  round,
  scratchDatabase,
  startServer,
} from '../lib.ts';

const LOAD = { connections: 20, duration: 10 };
/** Signed in advance (signing is Discord's cost, not ours); each /order comes from a new customer. */
const PREPARED = 30_000;
/**
 * The route's rate limit (INTERACTIONS_RATE_LIMIT: 60,000 a minute from one address) holds for the bench too: the
 * PING warm-up and the PING run are counted in requests, not seconds, so that with the /order run they stay under
 * it on any machine and every answer measured is a 200, not a cheap 429.
 */
const PING_WARMUP = 5_000;
const PING_REQUESTS = 30_000;

/** Issue 42's budget: signed `/order` interactions per second, by database. */
const TARGETS = { embedded: 250, PostgreSQL: 500 };
const BUDGET = (database: string) => `signed /order interactions, ${database}`;

/**
 * Signed slash commands through POST /api/interactions, on the real web process, on the embedded database and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a scratch database there: `/order` (signature
 * check, the ordering rules, the order's insert and event, the reply) and PING (the signature check and the routing
 * alone), with a bare Fastify hello-world for the machine's scale.
 */
export const interactionsCase: BenchCase = {
  name: 'interactions',
  description: `Signed /order interactions through POST /api/interactions (${LOAD.connections} connections, ${LOAD.duration} s), PING beside it, on the embedded database and PostgreSQL`,
  async run() {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    const hello = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
    try {
      const embedded = await runOn('embedded', null, hello);
      const postgres = adminUrl ? await runOn('PostgreSQL', adminUrl, hello) : null;
      const runs = postgres ? [embedded, postgres] : [embedded];
      const row = (label: string, f: Figures) => ({
        case: label,
        'req/s': f.rps,
        'p50 ms': f.p50,
        'p99 ms': f.p99,
        'CPU µs/req': f.cpuUsPerRequest ?? '-',
        failures: f.failures,
      });
      return {
        rows: runs.flatMap((r) => [
          row(`/order (signed), ${r.database}`, r.order),
          row(`PING (signed), ${r.database}`, r.ping),
          row(`hello-world (after the ${r.database} runs)`, r.baseline),
        ]),
        notes: [
          ...runs.map(
            (r) =>
              `${r.database}: ${r.ordersSent} /order interactions sent, each from a new customer (orders placed: every 2xx).`,
          ),
          ...(postgres
            ? []
            : [
                'PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server the bench may create a database on.',
              ]),
        ],
        budgets: (['embedded', 'PostgreSQL'] as const).map((database) => {
          const run = runs.find((r) => r.database === database);
          const target = `≥ ${TARGETS[database]}/s`;
          if (!run)
            return budget(BUDGET(database), 'not measured: no BENCH_DATABASE_URL or TEST_DATABASE_URL', target, null);
          const ok = run.order.failures === 0 && run.order.rps >= TARGETS[database];
          return budget(BUDGET(database), `${run.order.rps}/s, ${run.order.failures} failed`, target, ok);
        }),
        data: { runs, targets: TARGETS },
      };
    } finally {
      await hello.stop();
    }
  },
};

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  cpuUsPerRequest: number | null;
}

/** One database: a server of its own (on a scratch database on PostgreSQL, dropped after) and a key pair of its own; /order, PING, hello world. */
async function runOn(database: 'embedded' | 'PostgreSQL', adminUrl: string | null, hello: RunningServer) {
  // Signed just before the run: the app refuses a signature more than 5 minutes old, as Discord's replays.
  const signer = createInteractionSigner();
  const sign = (interaction: object) => {
    const body = JSON.stringify(interaction);
    return { method: 'POST', path: '/api/interactions', headers: signer.headers(body), body };
  };
  const orders = Array.from({ length: PREPARED }, (_, i) =>
    sign(
      commandInteraction('order', {
        user: { id: String(1_300_000_000_000_000_000n + BigInt(i)), username: `bench${i}` },
        options: { item: `Bench burger number ${i} with fries` },
      }),
    ),
  );
  const ping = sign(pingInteraction());

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-interactions-'));
  const scratch = adminUrl ? await scratchDatabase(adminUrl, `diner_bench_interactions_${process.pid}`) : null;
  const server = await startServer(
    {
      ...appEnv(dataDir),
      DATABASE_URL: scratch?.url ?? '',
      DEMO_DATA: 'false',
      ORDER_SWEEP_INTERVAL_MS: '0',
      DISCORD_PUBLIC_KEY: signer.publicKey,
      BOT_ORDER_COOLDOWN_S: '0',
    },
    { timeoutMs: 120_000 },
  );
  try {
    let next = 0;
    const run = async (
      url: string,
      requests: Parameters<typeof autocannon>[0]['requests'],
      pid: number,
      amount?: number,
    ): Promise<Figures> => {
      const before = cpuMs(pid);
      const result = await autocannon({ url, ...LOAD, requests, ...(amount === undefined ? {} : { amount }) });
      const after = cpuMs(pid);
      const total = result['2xx'] + result.non2xx;
      return {
        rps: round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
        cpuUsPerRequest:
          before !== null && after !== null && total > 0 ? round(((after - before) * 1000) / total) : null,
      };
    };
    // Warm-up on PING (nothing written).
    await autocannon({ url: server.url, connections: LOAD.connections, amount: PING_WARMUP, requests: [ping] });
    const order = await run(
      server.url,
      [{ method: 'POST', path: '/api/interactions', setupRequest: () => orders[next++ % PREPARED]! }],
      server.pid,
    );
    const pong = await run(server.url, [ping], server.pid, PING_REQUESTS);
    const baseline = await run(`${hello.url}/`, [{ method: 'GET', path: '/' }], hello.pid);
    return { database, order, ping: pong, baseline, ordersSent: Math.min(next, PREPARED) };
  } finally {
    await server.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
