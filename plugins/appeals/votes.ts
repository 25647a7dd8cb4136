import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Em } from '../../core/db/orm.ts';
import type { AppealVoteSchema } from './entities.ts';

type AppealsDb = InferKyselyDB<typeof AppealVoteSchema>;

/** How many appeal votes each member cast in [from, to), read in the caller's transaction. `user`: that member only. */
export async function votesBetweenIn(
  em: Em,
  from: Date,
  to: Date,
  user: string | null = null,
): Promise<Map<string, number>> {
  let query = em
    .getKysely<AppealsDb>()
    .selectFrom('appeal_votes')
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  if (user) query = query.where('voter', '=', user);
  const rows = await query
    .groupBy('voter')
    .select((eb) => ['voter', eb.fn.countAll<number | string>().as('n')])
    .execute();
  return new Map(rows.map((row) => [row.voter, Number(row.n)]));
}
