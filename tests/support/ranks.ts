import type { Em } from '../../core/db/orm.ts';
import { appServices } from '../../plugins/index.ts';
import { RankSchema } from '../../plugins/ranks/entities.ts';
import { addRankIn, type NewRank, ranksOfIn } from '../../plugins/ranks/index.ts';
import type { TestApp } from './test-app.ts';

/**
 * Ranks as tests make and give them, through the ranks plugin's own API (its service's insert, as seeds do, and
 * addRankIn, as grants do), without the rules of the screens that do it for real: plugins' tests reach ranks only
 * through what the ranks plugin exports, as their code does.
 */

/** A new rank (its position must be free), answering its id. */
export async function createRank(app: TestApp, rank: NewRank): Promise<string> {
  return (await appServices(app.server.ctx).ranks.insert(rank)).id;
}

/** Gives the user these ranks (those they hold already stay). */
export async function giveRanks(app: TestApp, userId: string, ...rankIds: string[]): Promise<void> {
  const em = app.db.orm.em.fork();
  for (const rankId of rankIds) await addRankIn(em, userId, rankId);
}

/** The user's ranks, highest first. */
export async function ranksOf(app: TestApp, userId: string) {
  return ranksOfIn(app.db.orm.em.fork(), userId);
}

/** The ids of the user's ranks, highest first. */
export async function rankIdsOf(app: TestApp, userId: string): Promise<string[]> {
  return (await ranksOf(app, userId)).map((rank) => rank.id);
}

/**
 * A rank written straight to its table in `em`, flushed: for a database no app runs on (a migration's test, its
 * schema as an older migration left it), where there is no ranks service to ask.
 */
export async function insertRankIn(em: Em, rank: { id: string; name: string; position: number }): Promise<string> {
  em.create(RankSchema, { ...rank, permissions: 0 });
  await em.flush();
  return rank.id;
}
