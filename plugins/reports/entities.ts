import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { newId } from '../../core/ids.ts';
import orders from '../orders/index.ts';
import { REPORT_CATEGORIES, REPORT_SOURCES, REPORT_STATUSES, type ReportWarning } from './schemas.ts';

/**
 * A report about a delivered order: filed by its customer (the feedback menu) or made by the driver who delivered it
 * as reported. One per order and source (a unique key, so the same report filed twice at once is one report).
 * People are snowflakes without foreign keys, as orders keep them; the order is a foreign key (reports go with it).
 *
 * The report keeps its order's summary (code, item, customer, chef, driver, delivery time), copied from the orders
 * plugin's read API when the report is made: a delivered order never changes again, so the copy stays true, and the
 * Report Manager's lists and filters read this table alone. Reports made before these columns existed have them
 * null until the start-up catch-up fills them (ReportFilingService.fillOrderSummaries, docs/reports.md).
 */
/**
 * The orders plugin's order entity, found in its definition (the entity itself is the plugin's own): the target of
 * the reports' foreign key, which the reports migration made.
 */
function orderEntity() {
  const entity = orders.entities?.find((e) => e.meta.tableName === 'orders');
  if (!entity) throw new Error('The orders plugin defines no orders entity');
  return entity;
}

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
    /** A foreign key to the order (its reports go with it), read and written as the order's id. */
    orderId: () =>
      p
        .manyToOne(orderEntity())
        .mapToPk()
        .$type<string>()
        .fieldName('order_id')
        .deleteRule('cascade')
        .updateRule('no action'),
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
