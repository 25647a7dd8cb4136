import type { FastifyBaseLogger } from 'fastify';
import type { GrantService } from './grants.ts';

/**
 * Timed grants end by themselves: every STORE_SWEEP_INTERVAL_MS (0: never; tests call `grants.sweep()` by hand) the
 * web process ends the grants whose time ran out, then runs the sweeps other plugins added for grants whose end is
 * theirs to decide (`also`: billing's lapsed grace). The deadline is data (`grants.ends_at`), so a restart or a second
 * process sweeping the same database loses nothing and ends nothing twice (each user's grants end under their lock).
 */
export class GrantSweeper {
  readonly #grants: GrantService;
  readonly #intervalMs: number;
  readonly #log: FastifyBaseLogger | undefined;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  #stopped = false;
  readonly #also: (() => Promise<unknown>)[] = [];

  constructor(grants: GrantService, intervalMs: number, log?: FastifyBaseLogger) {
    this.#grants = grants;
    this.#intervalMs = intervalMs;
    this.#log = log;
  }

  /** Another plugin's sweep of the grants it gave (it ends them through the grant service), run after each sweep. */
  also(sweep: () => Promise<unknown>): void {
    this.#also.push(sweep);
  }

  /** One sweep: the timed grants, then every added sweep; one failing does not stop the others. */
  async sweep(): Promise<void> {
    const failures: unknown[] = [];
    for (const task of [() => this.#grants.sweep(), ...this.#also])
      await task().catch((error: unknown) => failures.push(error));
    if (failures.length) throw new AggregateError(failures, 'grant sweep failed');
  }

  start(): void {
    if (this.#timer || this.#stopped || this.#intervalMs <= 0) return;
    this.#schedule();
  }

  /** Stops the timer and waits for a sweep in progress, so the database can close after it. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #schedule(): void {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#running = this.sweep()
        .catch((error: unknown) => this.#log?.error({ err: error }, 'grant sweep failed'))
        .finally(() => {
          this.#running = null;
          if (!this.#stopped) this.#schedule();
        });
    }, this.#intervalMs);
    this.#timer.unref();
  }
}
