import type { AnyPlugin } from '../plugin.ts';
import type { RankSummary } from './sessions.ts';

/**
 * The permission port. Core decides who a signed-in user is (their own permissions and perks, OR those of every
 * rank they hold; core/shared/ranking.ts for the ladder) but owns no rank: the plugin that owns ranks fills the port
 * in through its definition (`definePlugin({ heldRanks })`), so core names none of its tables. Without it, nobody
 * holds a rank and everyone's permissions are their own (tests/app/permission-port.int.test.ts).
 */

/** A rank someone holds, as the kernel merges it into the user: where it stands, and what holding it gives. */
export interface HeldRank extends RankSummary {
  permissions: number;
  perks: string[];
}

export interface HeldRanksSource {
  /**
   * One SQL expression over core's `users` row, aliased `u`: that user's ranks as a JSON array of HeldRank objects
   * (the interface's keys), highest position first, `[]` when none; no parameters. core/auth/current-user-sql.ts
   * selects it beside the user's own columns, so that a session, its user and their ranks stay one statement, one
   * round trip, prepared once.
   */
  readonly json: string;
}

/** No plugin owns ranks: nobody holds one. */
export const NO_HELD_RANKS: HeldRanksSource = { json: `'[]'::json` };

/** The port as the plugins fill it: at most one may (two would each think the ladder theirs). */
export function heldRanksOf(plugins: readonly AnyPlugin[]): HeldRanksSource {
  const sources = plugins.filter((plugin) => plugin.heldRanks);
  if (sources.length > 1)
    throw new Error(
      `Only one plugin may give users their ranks (heldRanks), not ${sources.map((p) => p.name).join(', ')}`,
    );
  return sources[0]?.heldRanks ?? NO_HELD_RANKS;
}
