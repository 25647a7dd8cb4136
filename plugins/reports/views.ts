import type { InferKyselyDB } from '@mikro-orm/sql';
import type { UserSchema } from '../../core/auth/entities.ts';
import { unknownUser, userSummariesIn } from '../../core/auth/user-summaries.ts';
import type { Em } from '../../core/db/orm.ts';
import type { OrderSummary } from '../orders/index.ts';
import type { OrderReportSchema } from './entities.ts';
import type { ReportView, ReportWarning } from './schemas.ts';

/** The tables this plugin's SQL names: its own, and core's `users`. */
type ReportsDb = InferKyselyDB<typeof OrderReportSchema | typeof UserSchema>;

/** Typed SQL over this plugin's tables, in the em's unit of work; values converted as the entities say. */
export function reportsDb(em: Em) {
  return em.getKysely<ReportsDb>({ convertValues: true });
}

/** Every report, every column: a caller narrows it (where, order by, limit) and hands it to `reportViews`. */
export function reportRows(em: Em) {
  return reportsDb(em).selectFrom('order_reports').selectAll();
}

/** What a report keeps of its order, copied when the report is made (a delivered order never changes again). */
export type ReportedOrder = Pick<
  OrderSummary,
  'id' | 'orderID' | 'item' | 'customer' | 'preparedBy' | 'deliveredBy' | 'deliveredAt'
>;

/** The columns of `order_reports` that hold its order's summary. */
export function orderSummaryColumns(order: ReportedOrder) {
  return {
    order_code: order.orderID,
    item: order.item,
    customer: order.customer,
    chef: order.preparedBy,
    driver: order.deliveredBy,
    delivered_at: order.deliveredAt,
  };
}

export type ReportRows = ReturnType<typeof reportRows>;
type ReportRow = Awaited<ReturnType<ReportRows['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The views of `rows`, everyone they name read in one query (the summary of each person, or Unknown user). */
export async function toReportViews(em: Em, rows: readonly ReportRow[]): Promise<ReportView[]> {
  const people = await userSummariesIn(
    em,
    rows.flatMap((r) => [r.reporter, r.customer, r.chef, r.driver, r.completed_by]),
  );
  const who = (id: string | null) => (id === null ? null : (people.get(id) ?? unknownUser(id)));
  return rows.map((row) => ({
    _id: row.id,
    source: row.source,
    category: row.category,
    details: row.details,
    status: row.status,
    reporter: who(row.reporter)!,
    order: {
      id: row.order_id,
      // Null only for a report older than its summary columns, until the start-up catch-up fills them.
      orderID: row.order_code ?? '',
      item: row.item ?? '',
      orderedBy: who(row.customer) ?? unknownUser(''),
      chef: who(row.chef),
      driver: who(row.driver),
      deliveredAt: iso(row.delivered_at),
    },
    outcome: row.outcome,
    completedBy: who(row.completed_by),
    completedAt: iso(row.completed_at),
    warnings: warningsOf(row.warnings),
    createdAt: iso(row.created_at)!,
  }));
}

function warningsOf(value: ReportWarning[] | string | null): ReportWarning[] {
  return (typeof value === 'string' ? (JSON.parse(value) as ReportWarning[]) : value) ?? [];
}

/** The views of the reports `query` selects, in its order. */
export async function reportViews(em: Em, query: ReportRows): Promise<ReportView[]> {
  return toReportViews(em, await query.execute());
}

/** One report's view, or null. */
export async function reportViewIn(em: Em, id: string): Promise<ReportView | null> {
  const [view] = await reportViews(em, reportRows(em).where('id', '=', id));
  return view ?? null;
}
