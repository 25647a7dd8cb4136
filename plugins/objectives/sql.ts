import type { InferKyselyDB, InferKyselyTable } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { BanSchema, UserSchema } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import type { objectiveEntities } from './entities.ts';

type Ban = InferKyselyTable<typeof BanSchema>;

/**
 * Core's users as stored: InferKyselyDB types the embedded ban as one `ban` key, while the table holds its columns
 * under the entity's prefix (`ban_active`…); the global audience reads `ban_active`.
 */
type UsersTable = Omit<InferKyselyDB<typeof UserSchema>['users'], 'ban'> & {
  [K in keyof Ban as `ban_${K & string}`]: Ban[K];
};

/** The objectives' tables and core's users (the global audience) as Kysely sees them, inferred from the entities. */
export type ObjectivesDb = InferKyselyDB<(typeof objectiveEntities)[number]> & { users: UsersTable };

/** Hand-shaped SQL over the objectives' tables and core's users, typed, bound to `em`'s transaction when it is in one. */
export function objectivesSql(em: Em): Kysely<ObjectivesDb> {
  return em.getKysely<ObjectivesDb>();
}
