import type { Em } from '../../core/db/orm.ts';
import { type HeldRank, ranksOfIn, setRanksOfIn } from '../ranks/index.ts';
import type { GrantedPerkView, GrantedRankView } from './schemas.ts';

/** What a user's active grants hold, as the user manager sees it. */
export interface HeldByGrants {
  perks: GrantedPerkView[];
  ranks: GrantedRankView[];
  /** The ids of the ranks grants hold alone (no hand gave them too): the last grant's end takes them. */
  ranksAlone: string[];
}

/** The ranks a user's active grants give (ids), and of those the ones they hold alone. */
export interface RanksHeldByGrants {
  granted: ReadonlySet<string>;
  alone: ReadonlySet<string>;
}

/**
 * The store's grants, as this plugin asks them: the store registers them (`GrantHolds.register`), so this plugin never
 * imports it. The two `…In` calls run inside the caller's transaction, the user's row locked, as every grant does.
 */
export interface GrantsPort {
  /** By user id: what their active grants hold, each grant with what gave it. */
  heldOf(userIds: readonly string[]): Promise<Map<string, HeldByGrants>>;
  ranksIn(em: Em, userId: string): Promise<RanksHeldByGrants>;
  /**
   * Of the ranks the user's active grants give, those in `byHand` are given by hand too from now on (a grant's end
   * leaves them), the others the grants' alone (the last grant's end takes them).
   */
  handOverRanksIn(em: Em, userId: string, byHand: ReadonlySet<string>): Promise<void>;
}

/** Until the store registers: no grants (a diner built without the store plugin). */
const NO_GRANTS: GrantsPort = {
  heldOf: async () => new Map(),
  ranksIn: async () => ({ granted: new Set(), alone: new Set() }),
  handOverRanksIn: async () => {},
};

const highestFirst = (ranks: readonly HeldRank[]) => [...ranks].sort((a, b) => b.position - a.position);

/**
 * The ranks a user holds (the ranks plugin's one list, which sessions, searches and the bot read) are those given by hand
 * and those held by grants (a plan's, a store item's, an objective's). Which the grants hold, and whether a hand gave
 * one of them too, the grants know (a grant's `added`: it holds the rank alone). Every change of the ranks given by
 * hand (the user manager's rank form, remove-staff, resigning, an accepted application) goes through
 * `setRanksByHandIn`: none takes a rank a grant holds, and a rank given by hand outlives the grants of it
 * (docs/decisions.md, "Money and billing (issue 39)"). Perks live apart in two columns instead (`manual_perks`).
 */
export class GrantHolds {
  #port: GrantsPort = NO_GRANTS;

  register(port: GrantsPort): void {
    this.#port = port;
  }

  heldOf(userIds: readonly string[]): Promise<Map<string, HeldByGrants>> {
    return userIds.length === 0 ? Promise.resolve(new Map()) : this.#port.heldOf(userIds);
  }

  /** The user's ranks given by hand, highest first (the user's row locked in `em`'s transaction). */
  async ranksByHandIn(em: Em, userId: string): Promise<HeldRank[]> {
    const { alone } = await this.#port.ranksIn(em, userId);
    return highestFirst((await ranksOfIn(em, userId)).filter((rank) => !alone.has(rank.id)));
  }

  /**
   * Sets the ranks given by hand (the user's row locked in `em`'s transaction): the user then holds those and the
   * ranks their active grants give. Answers what they held before and hold after (ids, highest first), as the rank
   * history writes them.
   */
  async setRanksByHandIn(
    em: Em,
    userId: string,
    byHand: readonly HeldRank[],
  ): Promise<{ before: string[]; after: string[] }> {
    const { granted } = await this.#port.ranksIn(em, userId);
    const handIds = new Set(byHand.map((rank) => rank.id));
    const before = await ranksOfIn(em, userId);
    // A rank an active grant gives stays: only the end of its grants takes it.
    const after = highestFirst([...byHand, ...before.filter((rank) => granted.has(rank.id) && !handIds.has(rank.id))]);
    await this.#port.handOverRanksIn(em, userId, handIds);
    await setRanksOfIn(
      em,
      userId,
      after.map((rank) => rank.id),
    );
    return { before: before.map((rank) => rank.id), after: after.map((rank) => rank.id) };
  }
}
