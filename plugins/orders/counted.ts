import type { InferKyselyDB } from '@mikro-orm/sql';
import type { ExpressionBuilder } from 'kysely';
import type { Em } from '../../core/db/orm.ts';
import type { OrderSchema } from './entities.ts';

type OrdersDb = InferKyselyDB<typeof OrderSchema>;

/** Whose work counts in a window: the chef's (prepared), the driver's (delivered), or either. */
export type CountedRole = 'chef' | 'driver' | 'either';

/** A window of delivery moments, both ends included; null leaves that end open. */
export interface CountedWindow {
  role: CountedRole;
  from: Date | null;
  to: Date | null;
}

/**
 * How many counted orders a member has in each window, read in the caller's transaction (one statement). What
 * counts is the leaderboard's rule: a delivered order that was not reported, placed in a window by its delivery.
 * The `prepared_by` and `delivered_by` indexes find the member's orders; each window filters those few.
 */
export async function countCountedIn(em: Em, userId: string, windows: readonly CountedWindow[]): Promise<number[]> {
  if (windows.length === 0) return [];
  const row = await em
    .getKysely<OrdersDb>()
    .selectFrom('orders')
    .where('status', '=', 'DELIVERED')
    .where('report', '=', false)
    .where((eb) => eb.or([eb('prepared_by', '=', userId), eb('delivered_by', '=', userId)]))
    .select((eb) =>
      windows.map((window, i) =>
        eb.fn
          .countAll<number | string>()
          .filterWhere((inner) => inner.and(inWindow(inner, userId, window)))
          .as(`w${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts: Record<string, number | string> = row;
  return windows.map((_, i) => Number(counts[`w${i}`]));
}

function inWindow(eb: ExpressionBuilder<OrdersDb, 'orders'>, userId: string, window: CountedWindow) {
  const conditions = [];
  if (window.role === 'chef') conditions.push(eb('prepared_by', '=', userId));
  if (window.role === 'driver') conditions.push(eb('delivered_by', '=', userId));
  if (window.from) conditions.push(eb('delivered_at', '>=', window.from));
  if (window.to) conditions.push(eb('delivered_at', '<=', window.to));
  return conditions.length > 0 ? conditions : [eb.lit(true)];
}

/** A counted order as others keep it: who ordered, prepared and delivered it, and when it was delivered. */
export interface CountedDelivery {
  id: string;
  customer: string;
  preparedBy: string | null;
  deliveredBy: string | null;
  deliveredAt: Date;
}

/** Every counted order delivered at or after `since`, oldest first, read in the caller's transaction. */
export async function countedDeliveriesSinceIn(em: Em, since: Date): Promise<CountedDelivery[]> {
  const rows = await em
    .getKysely<OrdersDb>()
    .selectFrom('orders')
    .where('status', '=', 'DELIVERED')
    .where('report', '=', false)
    .where('delivered_at', '>=', since)
    .select(['id', 'customer', 'prepared_by', 'delivered_by', 'delivered_at'])
    .orderBy('delivered_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    customer: row.customer,
    preparedBy: row.prepared_by ?? null,
    deliveredBy: row.delivered_by ?? null,
    deliveredAt: new Date(row.delivered_at!),
  }));
}
