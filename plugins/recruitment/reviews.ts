import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Em } from '../../core/db/orm.ts';
import type { ApplicationHistorySchema, ApplicationSchema } from './entities.ts';

type RecruitmentDb = InferKyselyDB<typeof ApplicationSchema | typeof ApplicationHistorySchema>;

/**
 * How many applications each member reviewed in [from, to), read in the caller's transaction: a review is a status
 * change of someone else's application (not the applicant's own submission or withdrawal), counted once per
 * application however often its status changed. `user`: that member only.
 */
export async function reviewsBetweenIn(
  em: Em,
  from: Date,
  to: Date,
  user: string | null = null,
): Promise<Map<string, number>> {
  let query = em
    .getKysely<RecruitmentDb>()
    .selectFrom('recruitment_application_history as h')
    .innerJoin('recruitment_applications as a', 'a.id', 'h.application_id')
    .where('h.created_at', '>=', from)
    .where('h.created_at', '<', to)
    .where('h.from', 'is not', null)
    .whereRef('h.by', '<>', 'a.user_id');
  if (user) query = query.where('h.by', '=', user);
  const rows = await query
    .groupBy('h.by')
    .select((eb) => ['h.by', eb.fn.count<number | string>('h.application_id').distinct().as('n')])
    .execute();
  return new Map(rows.map((row) => [row.by, Number(row.n)]));
}
