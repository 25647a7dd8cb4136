import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appEnv, median, round, startServer, type BenchCase } from '../lib.ts';

const RUNS = 3;
const TARGET_MS = 2000;

/**
 * Spawn to first 200 from /api/health: on a new data dir (migrations and demo data included), then again on the
 * same dir once the first server has closed it (no migrations, no seed).
 */
export const coldStart: BenchCase = {
  name: 'cold-start',
  description: `server.ts from spawn to the first 200 from /api/health, median of ${RUNS}`,
  async run() {
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
      try {
        for (const times of [fresh, existing]) {
          const server = await startServer(appEnv(dataDir));
          times.push(server.readyMs);
          await server.stop();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
    const row = (label: string, times: number[]) => ({
      case: label,
      'median ms': round(median(times)),
      'runs ms': times.map((t) => round(t)).join(', '),
      [`under ${TARGET_MS / 1000} s`]: median(times) < TARGET_MS ? 'yes' : 'NO',
    });
    return {
      rows: [row('cold start (new database)', fresh), row('cold start (existing database)', existing)],
      data: {
        targetMs: TARGET_MS,
        newDatabase: { medianMs: round(median(fresh), 1), runsMs: fresh.map((t) => round(t, 1)) },
        existingDatabase: { medianMs: round(median(existing), 1), runsMs: existing.map((t) => round(t, 1)) },
      },
    };
  },
};
