import type { HeldRank } from '../../core/auth/held-ranks.ts';
import type { Em } from '../../core/db/orm.ts';
import { ranksSql } from './sql.ts';

/**
 * The ranks plugin's typed API over who holds which rank, for the plugins that give, take and show ranks (users,
 * store, recruitment, onleave, objectives, teams, billing, discord, statistics). Each call runs in the caller's unit of
 * work (its `em`, so inside its transaction when it is in one) and at once, not at the next flush. Ranks come as
 * plain HeldRank objects (core/auth/held-ranks.ts), highest first: nobody outside this plugin holds a rank entity.
 * Whoever writes takes the user's row lock first (the users plugin's manageableTarget, the store's grants).
 */

const RANK_COLUMNS = ['r.id', 'r.name', 'r.position', 'r.colour', 'r.can_resign', 'r.permissions', 'r.perks'] as const;

interface RankRow {
  id: string;
  name: string;
  position: number;
  colour: string;
  can_resign: boolean;
  permissions: number;
  perks: string[];
}

function toHeldRank(row: RankRow): HeldRank {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    colour: row.colour,
    canResign: row.can_resign,
    permissions: row.permissions,
    perks: [...row.perks],
  };
}

/** The ranks these ids name that exist, highest first (an unknown id is left out: compare the lengths). */
export async function ranksByIdIn(em: Em, ids: readonly string[]): Promise<HeldRank[]> {
  if (ids.length === 0) return [];
  const rows = await ranksSql(em)
    .selectFrom('ranks as r')
    .select(RANK_COLUMNS)
    .where('r.id', 'in', [...new Set(ids)])
    .orderBy('r.position', 'desc')
    .execute();
  return rows.map(toHeldRank);
}

/** The rank of that name, or null (names are not unique: the highest of them). */
export async function rankNamedIn(em: Em, name: string): Promise<HeldRank | null> {
  const row = await ranksSql(em)
    .selectFrom('ranks as r')
    .select(RANK_COLUMNS)
    .where('r.name', '=', name)
    .orderBy('r.position', 'desc')
    .executeTakeFirst();
  return row ? toHeldRank(row) : null;
}

/** Each of these users' ranks, highest first; every id is a key (an empty list: no rank). */
export async function ranksOfUsersIn(em: Em, userIds: readonly string[]): Promise<Map<string, HeldRank[]>> {
  const held = new Map<string, HeldRank[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return held;
  const rows = await ranksSql(em)
    .selectFrom('user_ranks as ur')
    .innerJoin('ranks as r', 'r.id', 'ur.rank_id')
    .select(['ur.user_id', ...RANK_COLUMNS])
    .where('ur.user_id', 'in', [...new Set(userIds)])
    .orderBy('r.position', 'desc')
    .execute();
  for (const row of rows) held.get(row.user_id)!.push(toHeldRank(row));
  return held;
}

/** The user's ranks, highest first. */
export async function ranksOfIn(em: Em, userId: string): Promise<HeldRank[]> {
  return (await ranksOfUsersIn(em, [userId])).get(userId)!;
}

/**
 * Who holds at least one rank (the staff), in no particular order: with `rankId`, who holds that one; with
 * `anyPermissionOf`, who holds a rank giving at least one of those permission bits.
 */
export async function rankHolderIdsIn(
  em: Em,
  options: { rankId?: string; anyPermissionOf?: number } = {},
): Promise<string[]> {
  let query = ranksSql(em).selectFrom('user_ranks as ur').select('ur.user_id').distinct();
  if (options.rankId !== undefined) query = query.where('ur.rank_id', '=', options.rankId);
  if (options.anyPermissionOf !== undefined) {
    const bits = options.anyPermissionOf;
    query = query
      .innerJoin('ranks as r', 'r.id', 'ur.rank_id')
      .where((eb) => eb(eb('r.permissions', '&', bits), '<>', 0));
  }
  return (await query.execute()).map((row) => row.user_id);
}

/**
 * Sets the user's ranks to exactly `rankIds` (ids of existing ranks): those they held and are not listed go, the
 * others are added. The caller holds the user's row lock and writes the rank history (recordRankChangeIn).
 */
export async function setRanksOfIn(em: Em, userId: string, rankIds: readonly string[]): Promise<void> {
  const db = ranksSql(em);
  const wanted = [...new Set(rankIds)];
  let gone = db.deleteFrom('user_ranks').where('user_id', '=', userId);
  if (wanted.length > 0) gone = gone.where('rank_id', 'not in', wanted);
  await gone.execute();
  if (wanted.length > 0)
    await db
      .insertInto('user_ranks')
      .values(wanted.map((rankId) => ({ user_id: userId, rank_id: rankId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
}

/** Gives the user one more rank; answers whether they did not hold it. */
export async function addRankIn(em: Em, userId: string, rankId: string): Promise<boolean> {
  const added = await ranksSql(em)
    .insertInto('user_ranks')
    .values({ user_id: userId, rank_id: rankId })
    .onConflict((conflict) => conflict.doNothing())
    .returning('rank_id')
    .execute();
  return added.length > 0;
}

/** Takes one rank from the user; answers whether they held it. */
export async function removeRankIn(em: Em, userId: string, rankId: string): Promise<boolean> {
  const gone = await ranksSql(em)
    .deleteFrom('user_ranks')
    .where('user_id', '=', userId)
    .where('rank_id', '=', rankId)
    .returning('rank_id')
    .execute();
  return gone.length > 0;
}
