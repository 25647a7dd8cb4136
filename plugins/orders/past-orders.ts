import type { RequiredEntityData } from '@mikro-orm/core';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Em } from '../../core/db/orm.ts';
import { newId } from '../../core/ids.ts';
import { markDaysChanged } from './day-rollups.ts';
import { type ClaimExpirySchema, type Order, OrderSchema } from './entities.ts';
import { orderCode } from './service.ts';

/** An order that already happened, as a seed, a fixture or an import writes it: every column but its code (a new one). */
export type PastOrder = Omit<RequiredEntityData<Order>, 'orderID'>;

/** A claim the sweeper took back: whose it was, since when, and when it expired. */
export interface PastClaimExpiry {
  orderId: string;
  chef: string;
  claimedAt: Date;
  expiredAt: Date;
}

/**
 * Writes orders that already happened, in the caller's transaction when it is in one: the demo seeds of other
 * plugins and their tests' fixtures (delivered orders at chosen moments), without the kitchen's steps. One insert
 * (`em.insertMany`, outside the unit of work: the statistics seed's month is 250 orders, which the unit of work
 * would track and compare one by one for nothing). The ended days they fall on are marked changed (their rollups
 * are counted again). Answers each order's id and code. No event is published: nothing happened now.
 */
export async function recordPastOrdersIn(
  em: Em,
  orders: readonly PastOrder[],
): Promise<{ id: string; orderID: string }[]> {
  if (orders.length === 0) return [];
  const written = orders.map(() => ({ id: newId(), orderID: orderCode() }));
  await em.insertMany(
    OrderSchema,
    orders.map((order, i) => ({ ...order, ...written[i]! })),
  );
  await markDaysChanged(
    em,
    orders.flatMap((o) => [o.orderedAt, o.claimedAt, o.prepareStartedAt, o.deliveredAt].map(asDate)),
  );
  return written;
}

/** A moment as entity data may give it (a Date or an ISO string), or null. */
const asDate = (value: unknown) => (value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null);

/**
 * Keeps claims that expired (the sweeper's, or a seed's that happened before), inside the caller's transaction; a
 * claim already kept (its order and claim moment) is kept once. The ended days they count on are marked changed.
 */
export async function recordPastClaimExpiriesIn(em: Em, expiries: readonly PastClaimExpiry[]): Promise<void> {
  await insertClaimExpiriesIn(em, expiries);
  await markDaysChanged(
    em,
    expiries.flatMap((e) => [e.claimedAt, e.expiredAt]),
  );
}

/** The rows of `order_claim_expiries` for `expiries` (the sweeper's: nothing to mark, see OrderSweeper). */
export async function insertClaimExpiriesIn(em: Em, expiries: readonly PastClaimExpiry[]): Promise<void> {
  if (expiries.length === 0) return;
  await em
    .getKysely<InferKyselyDB<typeof ClaimExpirySchema>>()
    .insertInto('order_claim_expiries')
    .values(
      expiries.map((e) => ({
        id: newId(),
        order_id: e.orderId,
        chef: e.chef,
        claimed_at: e.claimedAt,
        expired_at: e.expiredAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(['order_id', 'claimed_at']).doNothing())
    .execute();
}
