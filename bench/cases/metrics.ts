import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { OP } from '../../core/gateway/protocol.ts';
import { sampleValue } from '../../tests/support/metrics-text.ts';
import { appEnv, type BenchCase, cpuMs, round, startServer } from '../lib.ts';

const SOCKETS = 1000;
const SCRAPES = 50;
/** Requests to a few routes before measuring, so that the request histograms hold series as a live server's do. */
const TRAFFIC = 300;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Scrapes {
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  series: number;
  /** Server CPU per scrape (ms), from /proc; null elsewhere. */
  cpuMs: number | null;
  text: string;
}

/**
 * `GET /metrics` as Prometheus scrapes it (one after another, with METRICS_TOKEN), on the real server with 1,000
 * identified gateway sockets open: bench/gateway-server.ts (every plugin, the embedded database, the bench plugin's
 * routes to make users with sessions) in its own process, the sockets here. The same scrapes with no socket first,
 * in the same run, for comparison.
 */
export const metricsCase: BenchCase = {
  name: 'metrics',
  description: `GET /metrics scrape time (p50/p99 of ${SCRAPES} scrapes) with ${SOCKETS} open identified gateway sockets, and with none`,
  async run() {
    const loadAverage = os.loadavg()[0]!;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-metrics-'));
    const token = randomBytes(24).toString('hex');
    const server = await startServer(
      { ...appEnv(dataDir), METRICS_TOKEN: token },
      { script: 'bench/gateway-server.ts', timeoutMs: 120_000 },
    );
    const sockets: WebSocket[] = [];
    try {
      const auth = { authorization: `Bearer ${token}` };
      const scrapes = async (): Promise<Scrapes> => {
        const times: number[] = [];
        let text = '';
        const cpuBefore = cpuMs(server.pid);
        for (let i = 0; i < SCRAPES; i++) {
          const started = performance.now();
          const res = await fetch(`${server.url}/metrics`, { headers: auth });
          text = await res.text();
          times.push(performance.now() - started);
          if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${text}`);
        }
        const cpuAfter = cpuMs(server.pid);
        times.sort((a, b) => a - b);
        return {
          p50: percentile(times, 50),
          p99: percentile(times, 99),
          max: times.at(-1)!,
          bytes: Buffer.byteLength(text),
          series: text.split('\n').filter((line) => line && !line.startsWith('#')).length,
          cpuMs: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / SCRAPES : null,
          text,
        };
      };

      const { tokens } = (await fetch(`${server.url}/bench/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: SOCKETS }),
      }).then((r) => r.json())) as { tokens: string[] };
      const paths = [
        '/api/health',
        '/api/client/settings',
        '/api/v3/users/@me',
        '/api/client/orders',
        '/api/nothing-here',
      ];
      for (let i = 0; i < TRAFFIC; i++) {
        const res = await fetch(`${server.url}${paths[i % paths.length]}`, {
          headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
        });
        await res.arrayBuffer();
      }
      // Warm-up: the first scrapes compile what they run.
      for (let i = 0; i < 5; i++) await fetch(`${server.url}/metrics`, { headers: auth }).then((r) => r.arrayBuffer());
      const idle = await scrapes();

      const wsUrl = `${server.url.replace(/^http/, 'ws')}/gateway`;
      for (let i = 0; i < tokens.length; i += 100) {
        await Promise.all(
          tokens.slice(i, i + 100).map(
            (sessionToken) =>
              new Promise<void>((resolve, reject) => {
                const socket = new WebSocket(wsUrl);
                sockets.push(socket);
                socket.once('open', () =>
                  socket.send(JSON.stringify({ op: OP.IDENTIFY, data: { token: sessionToken } })),
                );
                socket.once('close', (code) => reject(new Error(`socket closed (${code}) during the benchmark`)));
                socket.on('message', (raw) => {
                  if ((JSON.parse(raw.toString()) as { op: number }).op === OP.IDENTIFIED) resolve();
                });
              }),
          ),
        );
      }
      const busy = await scrapes();
      const identified = sampleValue(busy.text, 'vd_gateway_identified_sockets');
      if (identified !== SOCKETS) throw new Error(`the server counts ${identified} identified sockets, not ${SOCKETS}`);

      const row = (open: number, s: Scrapes) => ({
        sockets: open,
        scrapes: SCRAPES,
        'p50 ms': round(s.p50, 2),
        'p99 ms': round(s.p99, 2),
        'max ms': round(s.max, 2),
        'server CPU ms/scrape': s.cpuMs === null ? '-' : round(s.cpuMs, 2),
        KiB: round(s.bytes / 1024, 1),
        series: s.series,
      });
      const strip = ({ text: _text, ...figures }: Scrapes) => figures;
      return {
        rows: [row(0, idle), row(SOCKETS, busy)],
        notes: [
          `With ${SOCKETS} sockets the server reports vd_gateway_identified_sockets ${identified}; a scrape reads the active orders' counts from the database and every other figure from memory.`,
          `Median scrape ${round(busy.p50, 2)} ms with ${SOCKETS} sockets against ${round(idle.p50, 2)} ms with none. The gateway's own gauges are counters kept per user; what grows with sockets is prom-client's process collectors (open file descriptors read from /proc, active handles and resources grouped by type), which walk every socket. No target set by the issue: reported.`,
          `Server CPU per scrape from /proc (10 ms ticks: coarse below a few ms). Load average when the case started: ${round(loadAverage, 2)} on ${os.cpus().length} CPUs.`,
        ],
        data: { loadAverage, sockets: SOCKETS, scrapes: SCRAPES, idle: strip(idle), busy: strip(busy) },
      };
    } finally {
      for (const socket of sockets) socket.terminate();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
