import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Was the machine quiet? A load average counts the bench's own servers and clients, so it cannot say whether anything
 * else ran. What other processes used is measured instead: the machine's busy time (/proc/stat) less this process's
 * and its children's, and, over a whole case, less PostgreSQL's. A budget gets a verdict only when others used at
 * most BUSY_CORES (bench/README.md, "Verdicts").
 */
export const BUSY_CORES = 0.25;

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** The machine's CPU time so far from /proc/stat's first line, in ticks: busy (user, nice, system) and in all. */
export interface MachineTicks {
  busy: number;
  total: number;
}

/**
 * /proc/stat's `cpu` line. Busy is user + nice + system (guest time is inside user); idle, iowait, irq, softirq and
 * steal count only in the total: time spent in interrupts (the loopback's packets) is charged to no process, so
 * counting it busy would make the bench's own traffic look like others'.
 */
export function parseProcStat(text: string): MachineTicks {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no cpu line in /proc/stat');
  const [user = 0, nice = 0, system = 0, ...rest] = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = user + nice + system;
  return { busy, total: busy + rest.reduce((sum, n) => sum + n, 0) };
}

/**
 * Cores other processes used between two readings: the machine's busy share of its time × its cores, less what is
 * ours (CPU seconds of this process, its reaped children and PostgreSQL, over the same wall seconds). Never negative.
 */
export function othersCores(
  before: MachineTicks,
  after: MachineTicks,
  cores: number,
  ownCpuS: number,
  wallS: number,
): number {
  const total = after.total - before.total;
  if (total <= 0 || wallS <= 0) return 0;
  const machine = ((after.busy - before.busy) / total) * cores;
  return Math.max(0, machine - ownCpuS / wallS);
}

/**
 * The verdict on one budget: met or not, or none when others used more than BUSY_CORES (a busy machine makes any
 * figure slower than the code) or when that could not be measured (no /proc); `met` null: not measured in this run.
 * A figure the machine's load cannot move (`loadBound` false: a size in bytes) gets its verdict however busy it was.
 */
export function verdict(met: boolean | null, others: number | null, loadBound = true): string {
  if (met === null) return 'not measured';
  if (!loadBound) return met ? 'met' : 'NOT met';
  if (others === null) return "no verdict: others' CPU could not be measured (no /proc/stat)";
  if (others > BUSY_CORES)
    return `no verdict: the machine was busy (other processes used ${others.toFixed(2)} cores, more than ${BUSY_CORES})`;
  return met ? 'met' : 'NOT met';
}

function machineTicks(): MachineTicks | null {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** CPU seconds of this process and of its children it has waited for (every server a case started and stopped). */
function ownCpuS(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime: fields 14 to 17 of the whole line.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS;
}

/**
 * CPU time (user + system, ms) every PostgreSQL process on this machine has used so far: the backends serving the
 * app or a baseline, the WAL writer, the checkpointer, and those that have exited (in the postmaster's children's
 * time). The difference over a run is what the database spent on it. Null off Linux.
 */
export function postgresCpuMs(): number | null {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      const open = stat.indexOf('(');
      const close = stat.lastIndexOf(')');
      if (stat.slice(open + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime + stime, and cutime + cstime: the postmaster's children that have exited and been reaped (a
      // baseline's backends when its pool closes) count there, so a run's difference never goes negative.
      total += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
    }
    return total;
  } catch {
    return null;
  }
}

/**
 * Starts a reading of what others use; `done()` gives their cores since. With `withPostgres`, PostgreSQL's time counts
 * as ours (a case's servers use it; so would another session's tests on the same server, which this cannot tell
 * apart). Null off Linux.
 */
export function othersMeter(withPostgres: boolean): { done(): number | null } {
  const machine = machineTicks();
  if (!machine) return { done: () => null };
  const own = ownCpuS();
  const postgres = withPostgres ? (postgresCpuMs() ?? 0) : 0;
  const started = performance.now();
  return {
    done() {
      const after = machineTicks();
      if (!after) return null;
      const ours = ownCpuS() - own + (withPostgres ? ((postgresCpuMs() ?? 0) - postgres) / 1000 : 0);
      return othersCores(machine, after, os.cpus().length, ours, (performance.now() - started) / 1000);
    },
  };
}

/** Others' cores over `ms` while this process waits. */
export async function sampleOthers(ms = 1000): Promise<number | null> {
  const meter = othersMeter(false);
  await sleep(ms);
  return meter.done();
}

/**
 * Before a case: others' cores over one second; while above BUSY_CORES, again, for up to `patienceMs` in all. The last
 * sample and how long it waited.
 */
export async function waitForQuiet(patienceMs = 30_000): Promise<{ others: number | null; waitedS: number }> {
  const started = performance.now();
  let others = await sampleOthers();
  while (others !== null && others > BUSY_CORES && performance.now() - started < patienceMs)
    others = await sampleOthers();
  return { others, waitedS: Math.round((performance.now() - started) / 100) / 10 };
}
