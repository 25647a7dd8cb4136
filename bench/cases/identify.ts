import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { OP } from '../../core/gateway/protocol.ts';
import { appEnv, type BenchCase, cpuMs, type RunningServer, round, startServer } from '../lib.ts';

const SOCKETS = Number(process.env.BENCH_IDENTIFY_SOCKETS ?? 5000);
/** Sockets opened at once: a reconnect storm after a deploy, in waves the client machine can open. */
const WAVE = 250;
const TARGET_MS = 3000;

/** Opens `tokens.length` sockets to `wsUrl`, WAVE at a time, each identifying; resolves once all are identified. */
async function identifyAll(wsUrl: string, tokens: readonly string[], sockets: WebSocket[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < tokens.length; i += WAVE) {
    await Promise.all(
      tokens.slice(i, i + WAVE).map(
        (token) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(wsUrl);
            sockets.push(socket);
            socket.once('open', () => socket.send(JSON.stringify({ op: OP.IDENTIFY, data: { token } })));
            socket.once('close', (code) => reject(new Error(`socket closed (${code}) before it was identified`)));
            socket.once('error', reject);
            socket.on('message', (raw) => {
              if ((JSON.parse(raw.toString()) as { op: number }).op === OP.IDENTIFIED) resolve();
            });
          }),
      ),
    );
  }
  return performance.now() - started;
}

/**
 * A reconnect storm: SOCKETS sockets, each with its own user's session, open and identify against the real server
 * (bench/gateway-server.ts on the embedded database), WAVE at a time; then the same against a bare Fastify +
 * @fastify/websocket answering identify at once (bench/ws-hello-server.ts). Wall time and each server's CPU time.
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
      const made = await fetch(`${app.url}/bench/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: SOCKETS }),
      });
      const { tokens } = (await made.json()) as { tokens: string[] };

      const measureOn = async (server: RunningServer) => {
        const cpuBefore = cpuMs(server.pid);
        const ms = await identifyAll(`${server.url.replace(/^http/, 'ws')}/gateway`, tokens, sockets);
        const cpuAfter = cpuMs(server.pid);
        closeAll();
        return { ms, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
      };
      const baseline = await measureOn(hello);
      const measured = await measureOn(app);
      const row = (label: string, f: { ms: number; cpuMs: number | null }) => ({
        case: label,
        'wall ms': round(f.ms),
        'server CPU ms': f.cpuMs ?? 'n/a',
        'server CPU µs/socket': f.cpuMs === null ? 'n/a' : round((f.cpuMs * 1000) / SOCKETS),
      });
      return {
        rows: [row(`the gateway (${SOCKETS} sessions)`, measured), row('bare Fastify + @fastify/websocket', baseline)],
        notes: [
          `${SOCKETS} sockets identified in ${round(measured.ms)} ms (target at most ${TARGET_MS} ms: ${measured.ms <= TARGET_MS ? 'met' : 'NOT met'}); the bare server took ${round(baseline.ms)} ms in the same run.`,
          'Wall time includes this process opening the sockets on the same cores; each session is a different user, none cached beforehand.',
        ],
        data: { sockets: SOCKETS, wave: WAVE, targetMs: TARGET_MS, gateway: measured, baseline },
      };
    } finally {
      closeAll();
      await Promise.all(servers.map((server) => server.stop()));
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
