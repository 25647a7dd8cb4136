import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { newId } from '../../core/ids.ts';
import { REPORT_CATEGORIES, REPORT_SOURCES, REPORT_STATUSES, type ReportWarning } from './schemas.ts';

/**
 * A report about a delivered order: filed by its customer (the feedback menu) or made by the driver who delivered it
 * as reported. One per order and source (a unique key, so the same report filed twice at once is one report).
 * People are snowflakes without foreign keys, as orders keep them; the order is a foreign key (reports go with it).
 */
export const OrderReportSchema = defineEntity({
  name: 'OrderReport',
  tableName: 'order_reports',
  uniques: [{ properties: ['orderId', 'source'] }],
  properties: {
    id: p
      .string()
      .primary()
      .onCreate(() => newId()),
    orderId: p.string().fieldName('order_id'),
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
