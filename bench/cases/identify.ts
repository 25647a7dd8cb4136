import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { benchUsers, identifySockets } from '../gateway-client.ts';
import { appEnv, type BenchCase, budget, cpuMs, type RunningServer, round, startServer } from '../lib.ts';

const SOCKETS = Number(process.env.BENCH_IDENTIFY_SOCKETS ?? 5000);
/** Sockets opened at once: a reconnect storm after a deploy, in waves the client machine can open. */
const WAVE = 250;
/** Issue 42's budget: the storm's wall time at most 1.5× the bare server's in the same run. */
const TARGET_RATIO = 1.5;

/** Opens `tokens.length` sockets to `wsUrl`, WAVE at a time, each identifying: the time until all are identified. */
async function identifyAll(wsUrl: string, tokens: readonly string[], sockets: WebSocket[]): Promise<number> {
  const started = performance.now();
  await identifySockets(wsUrl, tokens, WAVE, sockets);
  return performance.now() - started;
}

/**
 * A reconnect storm: SOCKETS sockets, each with its own user's session, open and identify against the real server
 * (bench/gateway-server.ts on the embedded database), WAVE at a time; before and after it, the same against a bare
 * Fastify + @fastify/websocket answering identify at once (bench/ws-hello-server.ts). Wall time and each server's CPU
 * time; the budget is the gateway's wall time against the bare server's (the mean of its two runs).
 */
export const identifyCase: BenchCase = {
  name: 'identify',
  description: `${SOCKETS} sockets identifying, ${WAVE} at a time, against a bare Fastify WebSocket baseline`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-identify-'));
    const servers: RunningServer[] = [];
    const sockets: WebSocket[] = [];
    const closeAll = () => {
      for (const socket of sockets.splice(0)) socket.terminate();
    };
    try {
      const app = await startServer(appEnv(dataDir), { script: 'bench/gateway-server.ts', timeoutMs: 120_000 });
      servers.push(app);
      const hello = await startServer({}, { script: 'bench/ws-hello-server.ts', readyPath: '/' });
      servers.push(hello);
      const tokens = await benchUsers(app.url, SOCKETS);

      const measureOn = async (server: RunningServer) => {
        const cpuBefore = cpuMs(server.pid);
        const ms = await identifyAll(`${server.url.replace(/^http/, 'ws')}/gateway`, tokens, sockets);
        const cpuAfter = cpuMs(server.pid);
        closeAll();
        return { ms, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
      };
      // The bare server before and after the gateway (whose sessions are read once, uncached): a drift of the
      // machine's speed within the run touches both sides of the ratio.
      const bareBefore = await measureOn(hello);
      const measured = await measureOn(app);
      const bareAfter = await measureOn(hello);
      const baseline = {
        ms: (bareBefore.ms + bareAfter.ms) / 2,
        cpuMs: bareBefore.cpuMs === null || bareAfter.cpuMs === null ? null : (bareBefore.cpuMs + bareAfter.cpuMs) / 2,
      };
      const ratio = measured.ms / baseline.ms;
      const row = (label: string, f: { ms: number; cpuMs: number | null }) => ({
        case: label,
        'wall ms': round(f.ms),
        'server CPU ms': f.cpuMs ?? 'n/a',
        'server CPU µs/socket': f.cpuMs === null ? 'n/a' : round((f.cpuMs * 1000) / SOCKETS),
      });
      return {
        rows: [
          row(`the gateway (${SOCKETS} sessions)`, measured),
          row('bare Fastify + @fastify/websocket (mean of before and after)', baseline),
        ],
        budgets: [
          budget(
            `identify ${SOCKETS} against bare @fastify/websocket (wall time)`,
            `${round(ratio, 2)}× (${round(measured.ms)} ms against ${round(baseline.ms)} ms)`,
            `≤ ${TARGET_RATIO}×`,
            ratio <= TARGET_RATIO,
          ),
        ],
        notes: [
          `${SOCKETS} sockets identified in ${round(measured.ms)} ms, ${round(ratio, 2)}× the bare server's ${round(baseline.ms)} ms in the same run${measured.cpuMs !== null && baseline.cpuMs ? `; server CPU ${round(measured.cpuMs / baseline.cpuMs, 2)}× the bare server's` : ''}.`,
          'Wall time includes this process opening the sockets on the same cores; each session is a different user, none cached beforehand.',
        ],
        data: {
          sockets: SOCKETS,
          wave: WAVE,
          targetRatio: TARGET_RATIO,
          gateway: measured,
          baseline,
          bareBefore,
          bareAfter,
        },
      };
    } finally {
      closeAll();
      await Promise.all(servers.map((server) => server.stop()));
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
