import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedPathOf } from '../../core/db/embedded.ts';
import { appEnv, type BenchCase, budget, cpuMs, median, round, scratchDatabase, startServer } from '../lib.ts';

const RUNS = 3;
/** Issue 42's budgets: start to the first 200 on a new and an existing embedded database; idle RSS by database. */
const TARGETS = { newMs: 2000, existingMs: 1500, idleRssMiB: 300, idleRssPostgresMiB: 200 };
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
  /** The server's own `started {"startMs":{…}}` line (pino-pretty's, on one line): when each step of its start ended. */
  steps: Record<string, number> | null;
}

function startSteps(output: string): Record<string, number> | null {
  const json = /"startMs":(\{[^}]*\})/.exec(output)?.[1];
  return json ? (JSON.parse(json) as Record<string, number>) : null;
}

/** Each start's steps, named once (`loaded/database/…: 480/1010/…, …`); a new database's have a demoData step more. */
const runsSteps = (runs: Start[]) => {
  const names = runs.find((r) => r.steps)?.steps;
  const values = runs.map((r) => (r.steps ? Object.values(r.steps).join('/') : 'n/a')).join(', ');
  return names ? `${Object.keys(names).join('/')}: ${values}` : values;
};

/**
 * `server.ts` on a scratch PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL; null without): its start,
 * then its RSS after IDLE_MS idle.
 */
async function idleOnPostgres(root: string): Promise<{ readyMs: number; rssMiB: number | null } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const scratch = await scratchDatabase(adminUrl, `diner_bench_cold_${process.pid}`);
  try {
    const server = await startServer(
      { ...appEnv(await mkdtemp(path.join(root, 'pg-'))), DATABASE_URL: scratch.url },
      { timeoutMs: 120_000 },
    );
    try {
      await sleep(IDLE_MS);
      return { readyMs: server.readyMs, rssMiB: rssMiB(server.pid) };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

/**
 * Spawn to first 200 from /api/health: on a new data dir (the template, migrations and demo data included), then
 * again on the same dir once the first server has closed it (no migrations, no seed). The server's CPU time up to
 * that moment too (wall time on a loaded machine says more about the machine), and, on the last existing-database
 * start, its RSS after IDLE_MS idle (and the same on PostgreSQL when a server is named). Beside them, in the same loop, the bare Fastify hello world's start (spawn to its
 * first 200): what Node and Fastify alone take on this machine, as the issue's own figures had it (0.33 s there),
 * so that a start's figure can be read against the machine it ran on.
 */
export const coldStart: BenchCase = {
  name: 'cold-start',
  description: `server.ts from spawn to the first 200 from /api/health, median of ${RUNS}; idle RSS on the embedded database and on PostgreSQL`,
  async run() {
    const fresh: Start[] = [];
    const existing: Start[] = [];
    const hello: Start[] = [];
    let idleRss: number | null = null;
    let postgres: { readyMs: number; rssMiB: number | null } | null = null;
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
      postgres = await idleOnPostgres(root);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
    const helloMs = median(hello.map((r) => r.ms));
    const row = (label: string, runs: Start[]) => ({
      case: label,
      'median ms': round(median(runs.map((r) => r.ms))),
      '× hello world': round(median(runs.map((r) => r.ms)) / helloMs, 1),
      'runs ms': runs.map((r) => round(r.ms)).join(', '),
      'server CPU ms (median)': runs.every((r) => r.cpuMs !== null) ? round(median(runs.map((r) => r.cpuMs!))) : 'n/a',
    });
    const startBudget = (label: string, runs: Start[], target: number) => {
      const ms = median(runs.map((r) => r.ms));
      return budget(
        `start to first 200, ${label} embedded DB (median of ${RUNS})`,
        `${round(ms)} ms`,
        `≤ ${target} ms`,
        ms <= target,
      );
    };
    const rss = (value: number | null) => (value === null ? 'n/a (not Linux)' : `${round(value)} MiB`);
    return {
      rows: [
        row('hello world (bare Fastify)', hello),
        row('cold start (new database)', fresh),
        row('cold start (existing database)', existing),
      ],
      budgets: [
        startBudget('existing', existing, TARGETS.existingMs),
        startBudget('new', fresh, TARGETS.newMs),
        budget(
          `idle RSS ${IDLE_MS / 1000} s after start, embedded`,
          rss(idleRss),
          `≤ ${TARGETS.idleRssMiB} MiB`,
          idleRss === null ? null : idleRss <= TARGETS.idleRssMiB,
        ),
        budget(
          `idle RSS ${IDLE_MS / 1000} s after start, PostgreSQL`,
          postgres ? rss(postgres.rssMiB) : 'not measured: no BENCH_DATABASE_URL or TEST_DATABASE_URL',
          `≤ ${TARGETS.idleRssPostgresMiB} MiB`,
          postgres?.rssMiB == null ? null : postgres.rssMiB <= TARGETS.idleRssPostgresMiB,
        ),
      ],
      notes: [
        `Idle RSS ${IDLE_MS / 1000} s after the last start on an existing embedded database: ${rss(idleRss)}; on PostgreSQL (a new scratch database, migrated at start): ${postgres ? `${rss(postgres.rssMiB)}, started in ${round(postgres.readyMs)} ms` : 'not measured'}.`,
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
        postgres,
        databaseFiles,
        fileCreationMs: diskMs,
      },
    };
  },
};
