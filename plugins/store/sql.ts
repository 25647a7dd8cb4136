import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { UsersTable } from '../../core/auth/sql.ts';
import type { Em } from '../../core/db/orm.ts';
import { sqlWriter } from '../../core/db/prepared.ts';
import type { storeEntities } from './entities.ts';

/**
 * The store's tables, and core's users, as Kysely sees them: names and column types inferred from the entities
 * (entities.ts; core/auth/sql.ts).
 */
export type StoreDB = InferKyselyDB<(typeof storeEntities)[number]> & { users: UsersTable };

/**
 * Hand-shaped SQL over the store's own tables and core's users, typed from the entities and bound to `em`'s
 * transaction when it is in one (MikroORM's `em.getKysely()`): every table and column a statement names is checked
 * by `tsc`.
 */
export function storeSql(em: Em): Kysely<StoreDB> {
  return em.getKysely<StoreDB>();
}

/** The same tables for statements compiled once (PreparedQuery): a purchase's, the ledger's and the grant's. */
export const storeWriter = sqlWriter<StoreDB>();
