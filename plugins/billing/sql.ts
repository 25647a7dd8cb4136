import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { Em } from '../../core/db/orm.ts';
import type {
  StripeCheckoutSessionSchema,
  StripeCustomerSchema,
  StripeEventSchema,
  StripeSubscriptionSchema,
} from './entities.ts';

/** Billing's tables as Kysely sees them: names and column types inferred from the entities (entities.ts). */
export type BillingDb = InferKyselyDB<
  | typeof StripeCustomerSchema
  | typeof StripeSubscriptionSchema
  | typeof StripeCheckoutSessionSchema
  | typeof StripeEventSchema
>;

/** Hand-shaped SQL over billing's own tables, typed, bound to `em`'s transaction when it is in one. */
export function billingSql(em: Em): Kysely<BillingDb> {
  return em.getKysely<BillingDb>();
}
