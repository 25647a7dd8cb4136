import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { UserSchema } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import { sqlWriter } from '../../core/db/prepared.ts';
import type { DeliveryQueueEntrySchema, OrderFeedbackSchema, OrderSchema } from './entities.ts';

/** The kitchen's tables and core's users as Kysely sees them: names and column types inferred from the entities. */
export type OrdersDb = InferKyselyDB<
  typeof OrderSchema | typeof DeliveryQueueEntrySchema | typeof OrderFeedbackSchema | typeof UserSchema
>;

/** Hand-shaped SQL over the kitchen's tables, bound to `em`'s transaction when it is in one: `tsc` checks every name. */
export function ordersSql(em: Em): Kysely<OrdersDb> {
  return em.getKysely<OrdersDb>();
}

/** The same tables for statements compiled once and prepared (PreparedQuery: the transitions). */
export const ordersWriter = sqlWriter<OrdersDb>();
