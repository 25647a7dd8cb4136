import type { GrantService } from './grants.ts';

/**
 * Timed grants end by themselves: the store.grants job (core/jobs.ts) runs `sweep` every STORE_SWEEP_INTERVAL_MS
 * (0: never; tests call `grants.sweep()` by hand). It ends the grants whose time ran out, then runs the sweeps other
 * plugins added for grants whose end is theirs to decide (`also`: billing's lapsed grace). The deadline is data
 * (`grants.ends_at`), so a restart or a second process sweeping the same database loses nothing and ends nothing
 * twice (each user's grants end under their lock).
 */
export class GrantSweeper {
  readonly #grants: GrantService;
  readonly #also: (() => Promise<unknown>)[] = [];

  constructor(grants: GrantService) {
    this.#grants = grants;
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
}
