import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Em } from '../../core/db/orm.ts';
import { isId } from '../../core/shared/ids.ts';
import type { OrderSchema } from './entities.ts';
import type { OrderStatus } from './schemas.ts';

/**
 * The orders plugin's typed read API for other plugins: what an order was, read inside the caller's unit of work
 * (its `em`, so a read inside the caller's transaction goes through that transaction). People are snowflakes.
 */
export interface OrderSummary {
  id: string;
  /** The short code people say and type. */
  orderID: string;
  item: string;
  status: OrderStatus;
  customer: string;
  /** Who prepared it (the chef), once prepared. */
  preparedBy: string | null;
  /** Who delivered it (the driver), once delivered. */
  deliveredBy: string | null;
  deliveredAt: Date | null;
  /** Delivered as reported by its driver (a troll or invalid order), and the driver's reason. */
  report: boolean;
  reportReason: string | null;
}

type OrdersDb = InferKyselyDB<typeof OrderSchema>;

const SUMMARY_COLUMNS = [
  'id',
  'order_code',
  'item',
  'status',
  'customer',
  'prepared_by',
  'delivered_by',
  'delivered_at',
  'report',
  'report_reason',
] as const;

function summaries(em: Em) {
  return em.getKysely<OrdersDb>().selectFrom('orders').select(SUMMARY_COLUMNS);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    orderID: row.order_code,
    item: row.item,
    status: row.status,
    customer: row.customer,
    preparedBy: row.prepared_by,
    deliveredBy: row.delivered_by,
    deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at),
    report: row.report,
    reportReason: row.report_reason,
  };
}

/** The summaries of the orders `ids` names that exist, in no particular order. */
export async function orderSummariesIn(em: Em, ids: readonly string[]): Promise<OrderSummary[]> {
  if (ids.length === 0) return [];
  const rows = await summaries(em)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toSummary);
}

/** The order a reference names (its snowflake id, or its orderID as OrderRefSchema gives it), or null. */
export async function findOrderSummaryIn(em: Em, ref: string): Promise<OrderSummary | null> {
  const row = await summaries(em)
    .where(isId(ref) ? 'id' : 'order_code', '=', ref)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

/**
 * Every delivered order, oldest delivery first; `reported`: only those delivered as reported by their driver (true)
 * or only those not (false). For catching up after missed `deliverOrder` events, and for seeds.
 */
export async function deliveredOrderSummariesIn(em: Em, filter: { reported?: boolean } = {}): Promise<OrderSummary[]> {
  const rows = await summaries(em)
    .where('status', '=', 'DELIVERED')
    .$if(filter.reported !== undefined, (query) => query.where('report', '=', filter.reported!))
    .orderBy('delivered_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toSummary);
}
