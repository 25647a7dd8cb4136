import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { Em } from '../../core/db/orm.ts';
import type { ranksEntities } from './entities.ts';

/** The ranks plugin's tables as Kysely sees them: names and column types inferred from the entities (entities.ts). */
export type RanksDb = InferKyselyDB<(typeof ranksEntities)[number]>;

/** Hand-shaped SQL over the ranks plugin's own tables, typed, bound to `em`'s transaction when it is in one. */
export function ranksSql(em: Em): Kysely<RanksDb> {
  return em.getKysely<RanksDb>();
}
