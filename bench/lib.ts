import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  appEnv as baseAppEnv,
  type RunningServer,
  type StartOptions,
  startServer as spawnServer,
} from '../tests/support/spawn-server.ts';
import { postgresCpuMs } from './machine.ts';

export { ROOT } from '../tests/support/spawn-server.ts';
export { verdict } from './machine.ts';

export type Cell = string | number;

export interface CaseResult {
  /** The printed table: the keys of the first row are its columns. */
  rows: Record<string, Cell>[];
  /** Lines printed under the table. */
  notes?: string[];
  /** The figures written to results/latest.json; the rows when absent. */
  data?: unknown;
  /** Issue 42's budgets this case measures: run.ts prints them with their verdicts once the case is over. */
  budgets?: Budget[];
}

/**
 * One budget of issue 42 (its table, "Budgets") and this run's figure. Cases never print a verdict themselves: run.ts
 * gives it (`verdict`, bench/machine.ts), and refuses it when other processes used the CPU before, during or after
 * the case.
 */
export interface Budget {
  /** What is measured, as the table names it. */
  measure: string;
  /** The figure of this run, with its unit. */
  figure: string;
  /** The budget, as the issue writes it. */
  budget: string;
  /** Whether the figure is within the budget; null when this run did not measure it (the figure says why). */
  met: boolean | null;
  /** False for a figure the machine's load cannot move (a size in bytes): its verdict is given however busy it was. */
  loadBound: boolean;
}

export function budget(measure: string, figure: string, limit: string, met: boolean | null, loadBound = true): Budget {
  return { measure, figure, budget: limit, met, loadBound };
}

/** One named benchmark: adding a case is writing one of these and listing it in bench/run.ts. */
export interface BenchCase {
  name: string;
  description: string;
  run(): Promise<CaseResult>;
}

export {
  DEMO_USERS,
  devSignIn,
  type RunningServer,
  type StartOptions,
} from '../tests/support/spawn-server.ts';

/**
 * The spawn helper the process tests use. The server logs as `npm start` has it (LOG_LEVEL=info, to a pipe this
 * process reads; a long run's output is kept only as its tail).
 */
export function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  return spawnServer(env, { outputLimit: 256 * 1024, ...options });
}

/** Discord as a diner that takes orders from it has it (bench/discord.ts): set once by run.ts, before any case. */
let discordEnv: Record<string, string> = {};

export function deployDiscord(env: Record<string, string>): void {
  discordEnv = env;
}

/**
 * The server as a user runs it: default logging (info), the embedded database with demo data, Discord configured
 * (deployDiscord). With `BENCH_CPU_PROF=<dir>` set, every app server writes a V8 CPU profile there when it stops
 * (`--cpu-prof`).
 */
export function appEnv(dataDir: string): Record<string, string> {
  const profile: Record<string, string> = process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` }
    : {};
  return { ...baseAppEnv(dataDir), LOG_LEVEL: 'info', ...discordEnv, ...profile };
}

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
}

export interface LoadFigures {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts: a run with many of these measured something else. */
  failures: number;
  /** Requests answered in the run (what CPU time is divided by). */
  requests: number;
}

/** Load on one URL with autocannon, in this process (the server under test runs in its own). */
export async function measure(url: string, options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({ url, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux; null elsewhere). The load generator
 * shares this 2-core machine, so requests/s alone mixes the server's cost with autocannon's; CPU time per request
 * is the server's own.
 */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Where one operation's CPU goes on this machine, in µs: the server's process, PostgreSQL's, the load generator's (this process). */
export interface CpuShares {
  serverUs: number | null;
  postgresUs: number | null;
  clientUs: number;
  /** Operations per second the machine's cores could do at most if they did nothing else: cores × 1 s / the sum. */
  ceilingPerS: number | null;
}

/** Reads the three CPU clocks now; `done(operations)` gives each one's time per operation since. */
export function cpuShares(serverPid: number): { done(operations: number): CpuShares } {
  const server = cpuMs(serverPid);
  const postgres = postgresCpuMs();
  const client = process.cpuUsage();
  return {
    done(operations) {
      const serverAfter = cpuMs(serverPid);
      const postgresAfter = postgresCpuMs();
      const clientUsed = process.cpuUsage(client);
      const per = (before: number | null, after: number | null) =>
        before === null || after === null || operations === 0 ? null : ((after - before) * 1000) / operations;
      const serverUs = per(server, serverAfter);
      const postgresUs = per(postgres, postgresAfter);
      const clientUs = operations === 0 ? 0 : (clientUsed.user + clientUsed.system) / operations;
      const sum = (serverUs ?? 0) + (postgresUs ?? 0) + clientUs;
      return {
        serverUs,
        postgresUs,
        clientUs,
        ceilingPerS: serverUs === null || sum === 0 ? null : (os.cpus().length * 1_000_000) / sum,
      };
    },
  };
}

/** Table columns for a list of CpuShares (one per round): the medians, or nothing for a row without them. */
export function cpuColumns(shares: readonly CpuShares[]): Record<string, Cell> {
  if (shares.length === 0)
    return { 'server CPU µs/op': '', 'PostgreSQL CPU µs/op': '', 'client CPU µs/op': '', 'ceiling ops/s': '' };
  const mid = (pick: (s: CpuShares) => number | null) => {
    const values = shares.map(pick).filter((v): v is number => v !== null);
    return values.length === 0 ? 'n/a' : round(median(values));
  };
  return {
    'server CPU µs/op': mid((s) => s.serverUs),
    'PostgreSQL CPU µs/op': mid((s) => s.postgresUs),
    'client CPU µs/op': mid((s) => s.clientUs),
    'ceiling ops/s': mid((s) => s.ceilingPerS),
  };
}

export interface ServerLoadFigures extends LoadFigures {
  /** The server process's own CPU time (user + system) over the run, divided by the requests answered; null off Linux. */
  cpuUsPerRequest: number | null;
}

/**
 * One load run on a server in its own process, with that process's CPU time per request: the app and every baseline
 * go through here, so they are measured the same way.
 */
export async function measureServer(url: string, pid: number, options: LoadOptions): Promise<ServerLoadFigures> {
  const before = cpuMs(pid);
  const figures = await measure(url, options);
  const after = cpuMs(pid);
  const cpuUsPerRequest =
    before === null || after === null || figures.requests === 0 ? null : ((after - before) * 1000) / figures.requests;
  return { ...figures, cpuUsPerRequest };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function formatTable(rows: readonly Record<string, Cell>[]): string {
  const first = rows[0];
  if (!first) return '(no rows)';
  const columns = Object.keys(first);
  const cells = [columns, ...rows.map((row) => columns.map((c) => String(row[c] ?? '')))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  // Numbers right-aligned so that figures line up by magnitude.
  const line = (values: string[], isHeader: boolean) =>
    values
      .map((v, i) =>
        !isHeader && typeof first[columns[i]!] === 'number' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  const [header, ...body] = cells;
  return [line(header!, true), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map((v) => line(v, false))].join(
    '\n',
  );
}

/** A database of its own for the app on the PostgreSQL server `adminUrl` names; dropped afterwards. */
export async function scratchDatabase(adminUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
