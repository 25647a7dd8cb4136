import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type WebSocket from 'ws';
import { OP } from '../../core/gateway/protocol.ts';
import { benchUsers, identifySockets } from '../gateway-client.ts';
import { appEnv, type BenchCase, budget, type RunningServer, round, startServer } from '../lib.ts';

const SIZES = [1000, 5000];
/** Events per round; each round gives one p99 ratio, and the budget's figure is the median round's. */
const EVENTS = 20;
const ROUNDS = 5;
/** Sockets opened at once. */
const WAVE = 100;
/** Issue 42's budget: p99 at most 1.1× bare @fastify/websocket's in the same run, none lost. */
const TARGET_RATIO = 1.1;

interface Stats {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  gc: boolean;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50, p99 and max of one round's latencies, with the sockets that never got an event. */
function latenciesOf(figures: { latencies: number[]; missing: number }): Latencies {
  const sorted = figures.latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)!, missing: figures.missing };
}

const medianOf = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** One size's figures: the gateway's and the bare server's latencies, the gateway's memory before and after its sockets. */
interface SizeResult {
  sockets: number;
  /** The median round's (by p99 ratio), and every round's ratio. */
  gateway: Latencies;
  baseline: Latencies;
  ratios: number[];
  serverDispatchMedianMs: number;
  memory: { before: Stats; after: Stats };
}

interface Latencies {
  p50: number;
  p99: number;
  max: number;
  missing: number;
}

/** One server's sockets, and each event's arrival times on them. */
interface Audience {
  label: string;
  server: RunningServer;
  sockets: WebSocket[];
  arrivals: Map<number, number[]>;
}

/** Opens one socket per token to `server`, WAVE at a time, each identified. */
async function connect(label: string, server: RunningServer, tokens: readonly string[]): Promise<Audience> {
  const audience: Audience = { label, server, sockets: [], arrivals: new Map() };
  await identifySockets(
    `${server.url.replace(/^http/, 'ws')}/gateway`,
    tokens,
    WAVE,
    audience.sockets,
    (message, at) => {
      if (message.op === OP.EVENT && message.data.seq !== undefined) audience.arrivals.get(message.data.seq)?.push(at);
    },
  );
  return audience;
}

/** One event through `POST /bench/publish`: each socket's latency from just before the POST, and how many never got it. */
async function publish(audience: Audience, seq: number): Promise<{ latencies: number[]; missing: number }> {
  const times: number[] = [];
  audience.arrivals.set(seq, times);
  const sent = performance.now();
  await fetch(`${audience.server.url}/bench/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seq }),
  }).then((r) => r.arrayBuffer());
  const deadline = performance.now() + 5000;
  while (times.length < audience.sockets.length && performance.now() < deadline) await sleep(1);
  audience.arrivals.delete(seq);
  return { latencies: times.map((at) => at - sent), missing: audience.sockets.length - times.length };
}

function close(audience: Audience): void {
  for (const socket of audience.sockets) {
    socket.removeAllListeners('close');
    socket.terminate();
  }
}

/**
 * One event to 1,000 and to 5,000 identified sockets, on the real server (bench/gateway-server.ts: every plugin, the
 * embedded database, a bench plugin whose gateway filter sends the event to MANAGE_ORDERS sockets; each socket a user
 * with a real session) and on bare Fastify + @fastify/websocket (bench/ws-hello-server.ts), each in its own process,
 * the sockets here. Both servers hold their sockets at once and take the events in turn (bare, app, bare, …), so a
 * drift of the machine's speed touches both. Latency per socket: from just before the publishing POST to that
 * socket's message, this process's clock on both ends (it includes the HTTP call and this process reading every
 * message in turn). The budget's ratio is the median of ROUNDS rounds' p99 ratios: the p99 of 20 events is the
 * worst event's, and one pause of this process (which reads 5,000 messages per event on the same cores) or of the
 * machine moved a single run's ratio from 0.76× to 1.69× with nothing changed.
 */
export const fanout: BenchCase = {
  name: 'fanout',
  description: `one event to ${SIZES.join(' and to ')} identified sockets, ${ROUNDS} rounds of ${EVENTS} events (the median round by p99 ratio), against bare @fastify/websocket; server memory per socket`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
    const servers: RunningServer[] = [];
    const open: Audience[] = [];
    try {
      const app = await startServer(
        { ...appEnv(dataDir), NODE_OPTIONS: `${appEnv(dataDir).NODE_OPTIONS ?? ''} --expose-gc` },
        { script: 'bench/gateway-server.ts', timeoutMs: 120_000 },
      );
      servers.push(app);
      const bare = await startServer({}, { script: 'bench/ws-hello-server.ts', readyPath: '/' });
      servers.push(bare);
      const tokens = await benchUsers(app.url, Math.max(...SIZES));
      const stats = () => fetch(`${app.url}/bench/stats`).then((r) => r.json() as Promise<Stats>);

      const results: SizeResult[] = [];
      for (const size of SIZES) {
        const before = await stats();
        const audiences = [
          await connect('bare Fastify + @fastify/websocket', bare, tokens.slice(0, size)),
          await connect('the gateway', app, tokens.slice(0, size)),
        ];
        open.push(...audiences);
        await sleep(500);
        const after = await stats();
        // Event 0 warms each path up; its figures are discarded. Then ROUNDS rounds of EVENTS events, the two
        // servers in turn: one pause of this process or the machine lands in one round, not in the figure.
        for (const audience of audiences) await publish(audience, 0);
        const rounds: { gateway: Latencies; baseline: Latencies; ratio: number }[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          const figures = audiences.map(() => ({ latencies: [] as number[], missing: 0 }));
          for (let e = 1; e <= EVENTS; e++) {
            for (const [i, audience] of audiences.entries()) {
              const event = await publish(audience, r * EVENTS + e);
              figures[i]!.latencies.push(...event.latencies);
              figures[i]!.missing += event.missing;
              await sleep(50);
            }
          }
          const [baseline, gateway] = figures.map(latenciesOf);
          rounds.push({ gateway: gateway!, baseline: baseline!, ratio: gateway!.p99 / baseline!.p99 });
        }
        for (const audience of open.splice(0)) close(audience);
        // The first is the warm-up's.
        const dispatches = (
          (await fetch(`${app.url}/bench/fanouts`).then((r) => r.json())) as { fanoutMs: number[] }
        ).fanoutMs.slice(1);
        const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
        const middle = byRatio[Math.floor(byRatio.length / 2)]!;
        const missing = rounds.reduce((sum, round) => sum + round.gateway.missing, 0);
        results.push({
          sockets: size,
          gateway: { ...middle.gateway, missing },
          baseline: middle.baseline,
          ratios: rounds.map((round) => round.ratio),
          serverDispatchMedianMs: medianOf(dispatches),
          memory: { before, after },
        });
        await sleep(500);
      }
      const perSocket = (r: SizeResult, key: 'rss' | 'heapUsed') =>
        round((r.memory.after[key] - r.memory.before[key]) / r.sockets / 1024, 1);
      const row = (r: SizeResult, label: string, f: Latencies) => ({
        case: `${label}, ${r.sockets} sockets`,
        'p50 ms': round(f.p50, 1),
        'p99 ms': round(f.p99, 1),
        'max ms': round(f.max, 1),
        missing: f.missing,
        // RSS only at the first size: a process seldom gives pages back, so later sizes start from the first's peak.
        'RSS KiB/socket': label === 'the gateway' && r === results[0] ? perSocket(r, 'rss') : '',
        'heap KiB/socket': label === 'the gateway' ? perSocket(r, 'heapUsed') : '',
      });
      const gc = results[0]!.memory.before.gc;
      return {
        rows: results.flatMap((r) => [
          row(r, 'the gateway', r.gateway),
          row(r, 'bare Fastify + @fastify/websocket', r.baseline),
        ]),
        budgets: results.map((r) => {
          const ratio = r.gateway.p99 / r.baseline.p99;
          const spread = `rounds ${[...r.ratios]
            .sort((a, b) => a - b)
            .map((x) => `${round(x, 2)}×`)
            .join(', ')}`;
          return budget(
            `fan-out to ${r.sockets.toLocaleString('en')} sockets against bare @fastify/websocket`,
            `p99 ${round(ratio, 2)}× (${round(r.gateway.p99, 1)} ms against ${round(r.baseline.p99, 1)} ms; ${spread}), ${r.gateway.missing} lost`,
            `0 lost, p99 ≤ ${TARGET_RATIO}×`,
            r.gateway.missing === 0 && ratio <= TARGET_RATIO,
          );
        }),
        notes: [
          `The server's own fan-out (publish to the last socket written), median: ${results.map((r) => `${round(r.serverDispatchMedianMs, 2)} ms to ${r.sockets}`).join(', ')}; the bare server writes every socket before it answers the POST, the gateway after.`,
          `Memory per socket: the gateway's RSS and heap after a GC${gc ? '' : ' (not available: figures include garbage)'}, before and after its sockets, / the sockets. The server embeds its database (PGlite, WebAssembly, whose memory neither heap nor external shows): the RSS delta may also hold pages it touched reading the sessions, so RSS per socket is an upper bound and heap per socket (sockets, their users, the session cache) a lower one.`,
          "Latency runs from before the publishing POST to each socket's message, on this process's clock: it includes the HTTP call and this process reading every message in turn on the same cores.",
        ],
        data: { sizes: SIZES, events: EVENTS, rounds: ROUNDS, targetRatio: TARGET_RATIO, results },
      };
    } finally {
      for (const audience of open) close(audience);
      await Promise.all(servers.map((server) => server.stop()));
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
