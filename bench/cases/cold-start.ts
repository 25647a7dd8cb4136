import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedPathOf } from '../../core/db/embedded.ts';
import { appEnv, type BenchCase, cpuMs, median, round, startServer } from '../lib.ts';

const RUNS = 3;
/** Issue 42's budgets: first start on a new embedded database, on an existing one, and idle memory. */
const TARGETS = { newMs: 2000, existingMs: 1500, idleRssMiB: 300 };
/** How long the server idles before its RSS is read (V8 finishes compiling PGlite's WebAssembly meanwhile). */
const IDLE_MS = 10_000;

function rssMiB(pid: number): number | null {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return null;
  }
}

/**
 * How long this machine's disk takes to create as many empty files as a new embedded database holds, in a folder
 * beside the ones the starts use: a new database's start creates them all (PGlite writes the template's files), and
 * on a VM the time per file varies from minute to minute (20 µs to 1 ms here), so a slow first start says whether
 * the disk was slow.
 */
async function fileCreationMs(root: string, files: number): Promise<number> {
  const dir = await mkdtemp(path.join(root, 'files-'));
  const started = performance.now();
  for (let i = 0; i < files; i++) await writeFile(path.join(dir, String(i)), '');
  return performance.now() - started;
}

/** The files under `dir`, however deep. */
async function filesIn(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

interface Start {
  ms: number;
  cpuMs: number | null;
  /** The server's own `started startMs={…}` line: the moment each step of its start ended. */
  steps: Record<string, number> | null;
}

function startSteps(output: string): Record<string, number> | null {
  const json = /startMs=(\{[^}]*\})/.exec(output)?.[1];
  return json ? (JSON.parse(json) as Record<string, number>) : null;
}

/** Each start's steps, named once (`loaded/database/…: 480/1010/…, …`); a new database's have a demoData step more. */
const runsSteps = (runs: Start[]) => {
  const names = runs.find((r) => r.steps)?.steps;
  const values = runs.map((r) => (r.steps ? Object.values(r.steps).join('/') : 'n/a')).join(', ');
  return names ? `${Object.keys(names).join('/')}: ${values}` : values;
};

/**
 * Spawn to first 200 from /api/health: on a new data dir (the template, migrations and demo data included), then
 * again on the same dir once the first server has closed it (no migrations, no seed). The server's CPU time up to
 * that moment too (wall time on a loaded machine says more about the machine), and, on the last existing-database
 * start, its RSS after IDLE_MS idle. Beside them, in the same loop, the bare Fastify hello world's start (spawn to its
 * first 200): what Node and Fastify alone take on this machine, as the issue's own figures had it (0.33 s there),
 * so that a start's figure can be read against the machine it ran on.
 */
export const coldStart: BenchCase = {
  name: 'cold-start',
  description: `server.ts from spawn to the first 200 from /api/health, median of ${RUNS}; idle RSS`,
  async run() {
    const fresh: Start[] = [];
    const existing: Start[] = [];
    const hello: Start[] = [];
    let idleRss: number | null = null;
    let databaseFiles = 0;
    const diskMs: number[] = [];
    // Everything this case writes is deleted once, at its end: creating files right after deleting a database's
    // 600 (the next start) was measured slower on this VM, probably the filesystem discarding the freed blocks.
    const root = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-cold-'));
    try {
      for (let i = 0; i < RUNS; i++) {
        const baseline = await startServer({}, { script: 'bench/hello-server.ts', readyPath: '/' });
        hello.push({ ms: baseline.readyMs, cpuMs: cpuMs(baseline.pid), steps: null });
        await baseline.stop();
        const dataDir = await mkdtemp(path.join(root, 'data-'));
        for (const times of [fresh, existing]) {
          const server = await startServer(appEnv(dataDir), { timeoutMs: 120_000 });
          times.push({ ms: server.readyMs, cpuMs: cpuMs(server.pid), steps: startSteps(server.output()) });
          if (times === fresh) {
            databaseFiles ||= await filesIn(embeddedPathOf(dataDir));
            diskMs.push(await fileCreationMs(root, databaseFiles));
          }
          if (times === existing && i === RUNS - 1) {
            await sleep(IDLE_MS);
            idleRss = rssMiB(server.pid);
          }
          await server.stop();
        }
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
    const helloMs = median(hello.map((r) => r.ms));
    const row = (label: string, runs: Start[], target: number | null) => ({
      case: label,
      'median ms': round(median(runs.map((r) => r.ms))),
      '× hello world': round(median(runs.map((r) => r.ms)) / helloMs, 1),
      'runs ms': runs.map((r) => round(r.ms)).join(', '),
      'server CPU ms (median)': runs.every((r) => r.cpuMs !== null) ? round(median(runs.map((r) => r.cpuMs!))) : 'n/a',
      target: target === null ? '' : `≤ ${target} ms: ${median(runs.map((r) => r.ms)) <= target ? 'met' : 'NOT met'}`,
    });
    return {
      rows: [
        row('hello world (bare Fastify)', hello, null),
        row('cold start (new database)', fresh, TARGETS.newMs),
        row('cold start (existing database)', existing, TARGETS.existingMs),
      ],
      notes: [
        idleRss === null
          ? 'Idle RSS: not available (not Linux).'
          : `Idle RSS after ${IDLE_MS / 1000} s on the embedded database: ${round(idleRss)} MiB (target at most ${TARGETS.idleRssMiB} MiB: ${idleRss <= TARGETS.idleRssMiB ? 'met' : 'NOT met'}).`,
        "Server CPU counts every thread of the process (V8 compiles PGlite's WebAssembly on worker threads).",
        `Where each start went (ms since the process began, as the server logs it): new ${runsSteps(fresh)}; existing ${runsSteps(existing)}.`,
        `The disk just after each new-database start: ${databaseFiles} empty files (as many as the new database holds) created one after another in ${diskMs.map((ms) => round(ms)).join(', ')} ms.`,
      ],
      data: {
        targets: TARGETS,
        helloWorld: hello,
        newDatabase: fresh,
        existingDatabase: existing,
        idleRssMiB: idleRss,
        databaseFiles,
        fileCreationMs: diskMs,
      },
    };
  },
};
