import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { OP } from '../../core/gateway/protocol.ts';
import { appEnv, type BenchCase, round, startServer } from '../lib.ts';

const SOCKETS = 1000;
const EVENTS = 20;
const TARGET_P99_MS = 100;

interface Stats {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  gc: boolean;
}

function medianOf(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * One event to 1,000 identified sockets: the server (bench/gateway-server.ts, the real server plus a bench plugin) in
 * its own process, the sockets here. Each of 1,000 users has a real session; each event goes through the event bus,
 * the plugin's gateway filter and the hub's audience filter ({ permissions: MANAGE_ORDERS }). Latency per socket:
 * from just before the POST that publishes the event to that socket's message, this process's clock on both ends
 * (so it includes the HTTP call and this process reading 1,000 messages in turn).
 */
export const fanout: BenchCase = {
  name: 'fanout',
  description: `one event to ${SOCKETS} identified sockets, ${EVENTS} events, p50/p99 delivery latency and server memory per socket`,
  async run() {
    const loadAverage = os.loadavg()[0]!;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
    const server = await startServer(
      { ...appEnv(dataDir), NODE_OPTIONS: `${appEnv(dataDir).NODE_OPTIONS ?? ''} --expose-gc` },
      { script: 'bench/gateway-server.ts' },
    );
    const sockets: WebSocket[] = [];
    try {
      const post = (url: string, body: unknown) =>
        fetch(`${server.url}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const stats = () => fetch(`${server.url}/bench/stats`).then((r) => r.json() as Promise<Stats>);
      const { tokens } = (await post('/bench/users', { count: SOCKETS })) as { tokens: string[] };

      const before = await stats();
      const arrivals = new Map<number, number[]>();
      const wsUrl = `${server.url.replace(/^http/, 'ws')}/gateway`;
      const identifyStarted = performance.now();
      for (let i = 0; i < tokens.length; i += 100) {
        await Promise.all(
          tokens.slice(i, i + 100).map(
            (token) =>
              new Promise<void>((resolve, reject) => {
                const socket = new WebSocket(wsUrl);
                sockets.push(socket);
                socket.once('open', () => socket.send(JSON.stringify({ op: OP.IDENTIFY, data: { token } })));
                socket.once('close', (code) => reject(new Error(`socket closed (${code}) during the benchmark`)));
                socket.on('message', (raw) => {
                  const at = performance.now();
                  const message = JSON.parse(raw.toString()) as { op: number; data: { seq?: number } };
                  if (message.op === OP.IDENTIFIED) return resolve();
                  if (message.op === OP.EVENT && message.data.seq !== undefined)
                    arrivals.get(message.data.seq)?.push(at);
                });
              }),
          ),
        );
      }
      const identifyMs = performance.now() - identifyStarted;
      await sleep(500);
      const after = await stats();

      const latencies: number[] = [];
      const lastArrivals: number[] = [];
      const firstArrivals: number[] = [];
      const posts: number[] = [];
      const publishes: number[] = [];
      let missing = 0;
      // Event 0 warms up the path; its figures are discarded.
      for (let seq = 0; seq <= EVENTS; seq++) {
        const times: number[] = [];
        arrivals.set(seq, times);
        const sent = performance.now();
        const { publishMs } = (await post('/bench/publish', { seq })) as { publishMs: number };
        const posted = performance.now() - sent;
        const deadline = performance.now() + 5000;
        while (times.length < SOCKETS && performance.now() < deadline) await sleep(1);
        if (seq === 0) continue;
        missing += SOCKETS - times.length;
        for (const at of times) latencies.push(at - sent);
        lastArrivals.push(Math.max(...times) - sent);
        firstArrivals.push(Math.min(...times) - sent);
        posts.push(posted);
        publishes.push(publishMs);
        await sleep(100);
      }
      // The first is the warm-up's.
      const dispatches = (
        (await fetch(`${server.url}/bench/fanouts`).then((r) => r.json())) as { fanoutMs: number[] }
      ).fanoutMs.slice(1);
      latencies.sort((a, b) => a - b);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      const perSocket = (key: 'rss' | 'heapUsed') => (after[key] - before[key]) / SOCKETS / 1024;
      return {
        rows: [
          {
            sockets: SOCKETS,
            events: EVENTS,
            'p50 ms': round(p50, 1),
            'p99 ms': round(p99, 1),
            'max ms': round(latencies.at(-1)!, 1),
            missing,
            'RSS KiB/socket': round(perSocket('rss'), 1),
            'heap KiB/socket': round(perSocket('heapUsed'), 1),
          },
        ],
        notes: [
          `Medians per event: first socket ${round(medianOf(firstArrivals), 1)} ms, last socket ${round(medianOf(lastArrivals), 1)} ms, publishing POST answered in ${round(medianOf(posts), 1)} ms (publish itself ${round(medianOf(publishes), 2)} ms: the sockets are written after the reply); the server's fan-out (publish to the last socket write) took ${round(medianOf(dispatches), 2)} ms.`,
          `p99 ${round(p99, 1)} ms (target under ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'NOT met'}).`,
          `${SOCKETS} sockets identified in ${round(identifyMs)} ms (100 at a time); memory measured after a GC${before.gc ? '' : ' (not available: figures include garbage)'}: RSS ${round(before.rss / 2 ** 20, 1)} → ${round(after.rss / 2 ** 20, 1)} MiB, heap ${round(before.heapUsed / 2 ** 20, 1)} → ${round(after.heapUsed / 2 ** 20, 1)} MiB, external ${round(before.external / 2 ** 20, 1)} → ${round(after.external / 2 ** 20, 1)} MiB. The server embeds its database (PGlite, WebAssembly, whose memory neither heap nor external shows): the RSS delta may also hold pages it touched reading 1,000 sessions, so RSS per socket is an upper bound and heap per socket (sockets, their users, the session cache) a lower one.`,
          `Load average when the case started: ${round(loadAverage, 2)} on ${os.cpus().length} CPUs (the client, the server and anything else running share them).`,
          "Latency runs from before the publishing POST to each socket's message, on this process's clock: it includes the HTTP call and this process reading 1,000 messages in turn on the same 2 cores.",
        ],
        data: {
          loadAverage,
          sockets: SOCKETS,
          events: EVENTS,
          p50,
          p99,
          max: latencies.at(-1),
          firstArrivalMedian: medianOf(firstArrivals),
          lastArrivalMedian: medianOf(lastArrivals),
          postMedian: medianOf(posts),
          serverDispatchMedian: medianOf(dispatches),
          publishMedian: medianOf(publishes),
          missing,
          identifyMs,
          before,
          after,
        },
      };
    } finally {
      for (const socket of sockets) socket.terminate();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
