import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  commandInteraction,
  createInteractionSigner,
  pingInteraction,
} from '../../tests/stand-ins/discord/interactions.ts';
import { appEnv, type BenchCase, cpuMs, round, scratchDatabase, startServer } from '../lib.ts';

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

/**
 * Signed slash commands through POST /api/interactions, on the real web process (embedded database): `/order`
 * (signature check, the ordering rules, the order's insert and event, the reply) and PING (the signature check and
 * the routing alone), with a bare Fastify hello-world for the machine's scale. When a PostgreSQL server is named
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL), `/order` again on a scratch database there (the same interactions:
 * each customer is new to that database too).
 */
export const interactionsCase: BenchCase = {
  name: 'interactions',
  description: `Signed /order interactions through POST /api/interactions (${LOAD.connections} connections, ${LOAD.duration} s), PING beside it`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-interactions-'));
    const signer = createInteractionSigner();
    const env = {
      ...appEnv(dataDir),
      DEMO_DATA: 'false',
      ORDER_SWEEP_INTERVAL_MS: '0',
      DISCORD_PUBLIC_KEY: signer.publicKey,
      BOT_ORDER_COOLDOWN_S: '0',
    };
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    const server = await startServer(env, { timeoutMs: 120_000 });
    const hello = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
    try {
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
      let next = 0;
      const run = async (
        url: string,
        requests: Parameters<typeof autocannon>[0]['requests'],
        pid: number,
        amount?: number,
      ) => {
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
      const sentEmbedded = next;
      let onPostgres: Awaited<ReturnType<typeof run>> | null = null;
      if (adminUrl) {
        const scratch = await scratchDatabase(adminUrl, `diner_bench_interactions_${process.pid}`);
        try {
          const pgServer = await startServer({ ...env, DATABASE_URL: scratch.url }, { timeoutMs: 120_000 });
          try {
            await autocannon({
              url: pgServer.url,
              connections: LOAD.connections,
              amount: PING_WARMUP,
              requests: [ping],
            });
            next = 0;
            onPostgres = await run(
              pgServer.url,
              [{ method: 'POST', path: '/api/interactions', setupRequest: () => orders[next++ % PREPARED]! }],
              pgServer.pid,
            );
          } finally {
            await pgServer.stop();
          }
        } finally {
          await scratch.drop();
        }
      }
      const rows = [
        {
          case: '/order (signed)',
          'req/s': order.rps,
          'p50 ms': order.p50,
          'p99 ms': order.p99,
          'CPU µs/req': order.cpuUsPerRequest ?? '-',
          failures: order.failures,
        },
        ...(onPostgres
          ? [
              {
                case: '/order (signed), PostgreSQL',
                'req/s': onPostgres.rps,
                'p50 ms': onPostgres.p50,
                'p99 ms': onPostgres.p99,
                'CPU µs/req': onPostgres.cpuUsPerRequest ?? '-',
                failures: onPostgres.failures,
              },
            ]
          : []),
        {
          case: 'PING (signed)',
          'req/s': pong.rps,
          'p50 ms': pong.p50,
          'p99 ms': pong.p99,
          'CPU µs/req': pong.cpuUsPerRequest ?? '-',
          failures: pong.failures,
        },
        {
          case: 'hello-world',
          'req/s': baseline.rps,
          'p50 ms': baseline.p50,
          'p99 ms': baseline.p99,
          'CPU µs/req': baseline.cpuUsPerRequest ?? '-',
          failures: baseline.failures,
        },
      ];
      return {
        rows,
        notes: [
          `${Math.min(sentEmbedded, PREPARED)} /order interactions sent, each from a new customer (orders placed: every 2xx).`,
          ...(onPostgres
            ? [
                `${Math.min(next, PREPARED)} sent on PostgreSQL (a scratch database; server CPU only, not PostgreSQL's).`,
              ]
            : ['PostgreSQL not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL.']),
        ],
        data: { order, orderPostgres: onPostgres, ping: pong, baseline, ordersSent: sentEmbedded },
      };
    } finally {
      await server.stop();
      await hello.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
