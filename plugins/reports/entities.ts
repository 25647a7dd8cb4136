import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { newId } from '../../core/ids.ts';
import { REPORT_CATEGORIES, REPORT_SOURCES, REPORT_STATUSES, type ReportWarning } from './schemas.ts';

/**
 * A report about a delivered order: filed by its customer (the feedback menu) or made by the driver who delivered it
 * as reported. One per order and source (a unique key, so the same report filed twice at once is one report).
 * People and the order are ids without foreign keys: the orders table is the orders plugin's, and an order is never
 * deleted (a deleted order is a status), so its reports stay with it.
 *
 * The report keeps its order's summary (code, item, customer, chef, driver, delivery time), copied from the orders
 * plugin's read API when the report is made: a delivered order never changes again, so the copy stays true, and the
 * Report Manager's lists and filters read this table alone. Reports made before these columns existed have them
 * null until the start-up catch-up fills them (ReportFilingService.fillOrderSummaries, docs/reports.md).
 */
export const OrderReportSchema = defineEntity({
  name: 'OrderReport',
  tableName: 'order_reports',
  uniques: [{ properties: ['orderId', 'source'] }],
  checks: [{ name: 'order_reports_completed_check', expression: `("status" = 'OPEN') = ("completed_at" is null)` }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    /** The order's id (the orders plugin's; no foreign key across plugins). */
    orderId: p.string().fieldName('order_id'),
    orderCode: p.string().length(8).nullable(),
    item: p.text().nullable(),
    customer: p.string().nullable().index(),
    /** Who prepared the order. */
    chef: p.string().nullable().index(),
    /** Who delivered the order. */
    driver: p.string().nullable().index(),
    deliveredAt: p.datetime().nullable(),
    source: p.enum(REPORT_SOURCES),
    reporter: p.string().index(),
    category: p.enum(REPORT_CATEGORIES).index(),
    details: p.text(),
    status: p.enum(REPORT_STATUSES).default('OPEN').index(),
    outcome: p.text().nullable(),
    completedBy: p.string().nullable(),
    completedAt: p.datetime().nullable(),
    warnings: p.json<ReportWarning[]>(),
    createdAt: p.datetime(),
  },
});
export type OrderReport = InferEntity<typeof OrderReportSchema>;
