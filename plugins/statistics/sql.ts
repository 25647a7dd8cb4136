import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { UsersTable } from '../../core/auth/sql.ts';
import type { Em } from '../../core/db/orm.ts';
import type { statisticsEntities } from './entities.ts';

/** The statistics plugin's tables, and core's users, as Kysely sees them: typed from the entities. */
export type StatisticsDb = InferKyselyDB<(typeof statisticsEntities)[number]> & { users: UsersTable };

/** Hand-shaped SQL over the statistics tables and core's users, typed, bound to `em`'s transaction when it is in one. */
export function statisticsSql(em: Em): Kysely<StatisticsDb> {
  return em.getKysely<StatisticsDb>();
}
