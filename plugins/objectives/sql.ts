import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { UsersTable } from '../../core/auth/sql.ts';
import type { Em } from '../../core/db/orm.ts';
import type { objectiveEntities } from './entities.ts';

/** The objectives' tables and core's users (the global audience) as Kysely sees them, inferred from the entities. */
export type ObjectivesDb = InferKyselyDB<(typeof objectiveEntities)[number]> & { users: UsersTable };

/** Hand-shaped SQL over the objectives' tables and core's users, typed, bound to `em`'s transaction when it is in one. */
export function objectivesSql(em: Em): Kysely<ObjectivesDb> {
  return em.getKysely<ObjectivesDb>();
}
