import type { FastifyBaseLogger } from 'fastify';
import { type Orm, poolOf } from './db/orm.ts';
import { LATENCY_BUCKETS, type Metrics } from './metrics/metrics.ts';
import type { AnyPlugin, CoreContext } from './plugin.ts';

/** A job's metrics: a histogram of its passes, a counter of its failures, a gauge of its lag. */
export interface JobMetricNames {
  duration: string;
  failures: string;
  lag: string;
}

/** A periodic task of a plugin (an expiry sweep, closing ended days): what it does and how often. */
export interface JobSpec {
  /** Unique across the app (`<plugin>.<task>`): the logs' and the replicas' lock name. */
  name: string;
  /** From the start of one pass to the start of the next; 0 or less: never by itself (tests run the task by hand). */
  intervalMs: number;
  /** Before the first pass (default: one interval). */
  firstDelayMs?: number;
  /** The names of the job's metrics (docs/operations.md lists them); none when absent. */
  metrics?: JobMetricNames;
  /** One pass. Idempotent: a deadline or an ended day is data, so a pass that repeats another's work finds it done. */
  run: () => Promise<unknown>;
}

/**
 * Runs one job: a pass every interval, each scheduled one interval after the last one started and never two at once
 * (a pass that overruns its interval is followed at once, and shows as lag). On PostgreSQL each pass first takes a
 * session advisory lock named after the job, on a connection of its own, and skips when another replica holds it:
 * one runner at a time across replicas. The embedded database has one process: nothing to lock. `stop` waits for
 * a pass in progress, so the database can close after it.
 */
export class Job {
  readonly spec: JobSpec;
  readonly #orm: Orm;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;
  /** When the next pass should start, and how late the last one started (ms, monotonic clock). */
  #nextDue = 0;
  #lastLagMs = 0;
  #skipped = 0;
  #observe: ((seconds: number) => void) | null = null;
  #fail: (() => void) | null = null;

  constructor(spec: JobSpec, orm: Orm, log: FastifyBaseLogger, metrics?: Metrics) {
    this.spec = spec;
    this.#orm = orm;
    this.#log = log;
    if (metrics && spec.metrics) this.#measureWith(metrics, spec.metrics);
  }

  /** How late the job is now (ms): 0 when it is not running. */
  get lagMs(): number {
    if (!this.#timer && !this.#running) return 0;
    return Math.max(this.#lastLagMs, performance.now() - this.#nextDue);
  }

  /** Passes skipped because another process held the job (PostgreSQL). */
  get skipped(): number {
    return this.#skipped;
  }

  start(): void {
    if (this.#timer || this.#running || this.#stopped || this.spec.intervalMs <= 0) return;
    this.#nextDue = performance.now() + (this.spec.firstDelayMs ?? this.spec.intervalMs);
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #schedule(): void {
    this.#timer = setTimeout(() => this.#tick(), Math.max(0, this.#nextDue - performance.now()));
    this.#timer.unref();
  }

  #tick(): void {
    this.#timer = null;
    const started = performance.now();
    this.#lastLagMs = Math.max(0, started - this.#nextDue);
    this.#nextDue = started + this.spec.intervalMs;
    this.#running = this.#pass(started).finally(() => {
      this.#running = null;
      if (!this.#stopped) this.#schedule();
    });
  }

  async #pass(started: number): Promise<void> {
    try {
      const ran = await runAlone(this.#orm, `job:${this.spec.name}`, this.spec.run);
      if (ran) this.#observe?.((performance.now() - started) / 1000);
      else this.#skipped++;
    } catch (error) {
      this.#fail?.();
      this.#log.error({ err: error, job: this.spec.name }, 'job failed');
    }
  }

  #measureWith(metrics: Metrics, names: JobMetricNames): void {
    const duration = metrics.histogram({
      name: names.duration,
      help: `How long each pass of the ${this.spec.name} job took (its count is the number of passes this process ran).`,
      buckets: LATENCY_BUCKETS,
    });
    const failures = metrics.counter({
      name: names.failures,
      help: `Passes of the ${this.spec.name} job that failed (logged).`,
    });
    this.#observe = (seconds) => duration.observe(seconds);
    this.#fail = () => failures.inc();
    const job = this;
    metrics.gauge({
      name: names.lag,
      help: `How late the ${this.spec.name} job is: the last pass's start after its schedule, or, while the next one is overdue (a pass stuck, the event loop blocked), how overdue it is.`,
      collect() {
        this.set(job.lagMs / 1000);
      },
    });
  }
}

/**
 * Runs `task` unless another process holds the lock `name` (PostgreSQL: a session advisory lock on a connection of
 * its own, outside any transaction, so the task's own queries never wait for it). Answers whether it ran.
 */
async function runAlone(orm: Orm, name: string, task: () => Promise<unknown>): Promise<boolean> {
  const pool = poolOf(orm)?.pool;
  if (!pool) {
    await task();
    return true;
  }
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [
      name,
    ]);
    if (!rows[0]?.locked) return false;
    try {
      await task();
      return true;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    client.release();
  }
}

/** Every plugin's jobs: started once the server is ready, stopped (each pass in progress awaited) when it closes. */
export class Jobs {
  readonly #jobs = new Map<string, Job>();
  readonly #orm: Orm;
  readonly #log: FastifyBaseLogger;
  readonly #metrics: Metrics | undefined;

  constructor(orm: Orm, log: FastifyBaseLogger, metrics?: Metrics) {
    this.#orm = orm;
    this.#log = log;
    this.#metrics = metrics;
  }

  add(spec: JobSpec): Job {
    if (this.#jobs.has(spec.name)) throw new Error(`Two jobs are named ${spec.name}`);
    const job = new Job(spec, this.#orm, this.#log, this.#metrics);
    this.#jobs.set(spec.name, job);
    return job;
  }

  get(name: string): Job | undefined {
    return this.#jobs.get(name);
  }

  start(): void {
    for (const job of this.#jobs.values()) job.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.#jobs.values()].map((job) => job.stop()));
  }
}

/** Each plugin's start work, in plugin order; a failure is logged and the next one runs. */
export async function runStartWork(
  plugins: readonly AnyPlugin[],
  services: Record<string, unknown>,
  ctx: CoreContext,
): Promise<void> {
  for (const plugin of plugins) {
    if (!plugin.start) continue;
    await plugin.start(services[plugin.name], ctx).catch((error: unknown) => {
      ctx.log.error({ err: error, plugin: plugin.name }, 'start work failed');
    });
  }
}

/** Every plugin's jobs, registered (not started). */
export function jobsOf(plugins: readonly AnyPlugin[], services: Record<string, unknown>, ctx: CoreContext): Jobs {
  const jobs = new Jobs(ctx.orm, ctx.log, ctx.metrics);
  for (const plugin of plugins) for (const spec of plugin.jobs?.(services[plugin.name], ctx) ?? []) jobs.add(spec);
  return jobs;
}
