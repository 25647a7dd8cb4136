import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import { newId } from '../../core/ids.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
// The orders plugin's read API (and, through its index, the events it declares).
import { deliveredOrderSummariesIn, findOrderSummaryIn, type OrderSummary, orderSummariesIn } from '../orders/index.ts';
import type { OrderView } from '../orders/schemas.ts';
import { ineligible, reportNotFound } from './refusals.ts';
import {
  type CreateReportInput,
  type EligibleResponse,
  INELIGIBLE,
  type IneligibleReason,
  REPORT_WINDOW_DAYS,
  type ReportCategory,
  type ReportView,
} from './schemas.ts';
import { orderSummaryColumns, type ReportedOrder, reportRows, reportsDb, reportViewIn, reportViews } from './views.ts';

const DAY = 86_400_000;
/** Reports whose order summary is filled per round of the start-up catch-up. */
const FILL_BATCH = 500;

export interface ReportFilingServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'now' | 'log'> {}

/**
 * Filing reports: the customer's (the feedback menu, §5: eligibility checked by orderID on the server) and the
 * driver's (deliver `{report: true}` in the orders plugin, copied here when the `deliverOrder` event says so).
 * One report per order and source: the unique key decides, so the same report filed twice at once is one report.
 */
export class ReportFilingService {
  readonly #orm: Orm;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;

  constructor({ orm, events, now, log }: ReportFilingServiceDeps) {
    this.#orm = orm;
    this.#now = now;
    this.#log = log;
    events.on('deliverOrder', ({ order }) => {
      if (order.report)
        void this.recordDriverReport(order).catch((error) =>
          this.#log.error({ err: error, order: order.id }, 'driver report not recorded'),
        );
    });
  }

  /** POST /api/client/report/order/eligible: whether the caller may report this order, and why not. */
  async eligible(actor: CurrentUser, ref: string): Promise<EligibleResponse> {
    const { order, reason } = await this.#check(actor, ref);
    const summary =
      order && order.customer === actor.id
        ? { orderID: order.orderID, item: order.item, deliveredAt: order.deliveredAt?.toISOString() ?? null }
        : null;
    return { eligible: reason === null, reason, message: reason ? INELIGIBLE[reason] : null, order: summary };
  }

  /** POST /api/client/report/order: 201 with the report; the refusals of `eligible` as 404, 403 or 409. */
  async create(actor: CurrentUser, input: CreateReportInput): Promise<ReportView> {
    const { order, reason } = await this.#check(actor, input.orderID);
    if (reason) throw ineligible(reason);
    // A delivered order never changes again, so what #check read still holds; the unique key settles a double submit.
    const id = await this.#insert(order!, 'CUSTOMER', actor.id, input.category, input.details);
    if (!id) throw ineligible('already_reported');
    return this.view(id);
  }

  /** The caller's own reports, newest first (the feedback page lists them with their outcome). */
  async mine(userId: string): Promise<ReportView[]> {
    const em = this.#orm.em.fork();
    return reportViews(
      em,
      reportRows(em)
        .where('reporter', '=', userId)
        .where('source', '=', 'CUSTOMER')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(20),
    );
  }

  async view(id: string): Promise<ReportView> {
    const view = await reportViewIn(this.#orm.em.fork(), id);
    if (!view) throw reportNotFound();
    return view;
  }

  /** A driver's report (deliver `{report: true}`) as a report in the Report Manager; once per order, whoever hears it. */
  async recordDriverReport(
    order: Pick<
      OrderView,
      'id' | 'orderID' | 'item' | 'orderedBy' | 'preparedBy' | 'report' | 'reportReason' | 'deliveredBy' | 'deliveredAt'
    >,
  ): Promise<string | null> {
    if (!order.report || !order.deliveredBy) return null;
    return this.#insertDriverReport({
      id: order.id,
      orderID: order.orderID,
      item: order.item,
      customer: order.orderedBy.id,
      preparedBy: order.preparedBy?.id ?? null,
      deliveredBy: order.deliveredBy.id,
      deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null,
      reportReason: order.reportReason,
    });
  }

  /**
   * Every driver's report not yet copied (a `deliverOrder` event missed while no process listened, or orders made by
   * a seed): run on start and by the seed. Idempotent. The orders plugin answers the orders delivered as reported
   * (few: troll orders); the ones that already have their driver's report here are skipped.
   */
  async syncDriverReports(): Promise<number> {
    const em = this.#orm.em.fork();
    const reported = await deliveredOrderSummariesIn(em, { reported: true });
    const copied = await reportsDb(em)
      .selectFrom('order_reports')
      .select('order_id')
      .where('source', '=', 'DRIVER')
      .execute();
    const have = new Set(copied.map((r) => r.order_id));
    let added = 0;
    for (const order of reported) {
      if (!have.has(order.id) && (await this.#insertDriverReport(order))) added++;
    }
    return added;
  }

  /**
   * Reports made before reports kept their order's summary get it from the orders plugin's read API: run on start,
   * before the routes serve (docs/reports.md). Idempotent; answers how many reports it filled.
   */
  async fillOrderSummaries(): Promise<number> {
    const em = this.#orm.em.fork();
    let filled = 0;
    let after = '';
    for (;;) {
      const missing = await reportsDb(em)
        .selectFrom('order_reports')
        .select('order_id')
        .distinct()
        .where('order_code', 'is', null)
        .where('order_id', '>', after)
        .orderBy('order_id')
        .limit(FILL_BATCH)
        .execute();
      if (missing.length === 0) return filled;
      after = missing.at(-1)!.order_id;
      filled += await this.#fill(
        em,
        await orderSummariesIn(
          em,
          missing.map((r) => r.order_id),
        ),
      );
    }
  }

  async #fill(em: Em, orders: readonly OrderSummary[]): Promise<number> {
    let filled = 0;
    for (const order of orders) {
      const result = await reportsDb(em)
        .updateTable('order_reports')
        .set(orderSummaryColumns(order))
        .where('order_id', '=', order.id)
        .where('order_code', 'is', null)
        .executeTakeFirst();
      filled += Number(result.numUpdatedRows);
    }
    return filled;
  }

  /** The driver's report of an order they delivered as reported (category TROLL_ORDER, their reason as details). */
  async #insertDriverReport(order: ReportedOrder & Pick<OrderSummary, 'reportReason'>): Promise<string | null> {
    if (!order.deliveredBy) return null;
    const details = order.reportReason ?? 'Reported when delivered.';
    return this.#insert(order, 'DRIVER', order.deliveredBy, 'TROLL_ORDER', details, order.deliveredAt?.getTime());
  }

  async #insert(
    order: ReportedOrder,
    source: 'CUSTOMER' | 'DRIVER',
    reporter: string,
    category: ReportCategory,
    details: string,
    at = this.#now(),
  ): Promise<string | null> {
    const row = await reportsDb(this.#orm.em.fork())
      .insertInto('order_reports')
      .values({
        id: newId(),
        order_id: order.id,
        source,
        reporter,
        category,
        details,
        status: 'OPEN',
        warnings: [],
        created_at: new Date(at),
        ...orderSummaryColumns(order),
      })
      .onConflict((conflict) => conflict.columns(['order_id', 'source']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async #check(
    actor: CurrentUser,
    ref: string,
  ): Promise<{ order: OrderSummary | null; reason: IneligibleReason | null }> {
    const em = this.#orm.em.fork();
    const order = await findOrderSummaryIn(em, ref);
    if (!order) return { order: null, reason: 'not_found' };
    if (order.customer !== actor.id) return { order, reason: 'not_your_order' };
    if (order.status !== 'DELIVERED' || !order.deliveredAt) return { order, reason: 'not_delivered' };
    if (order.deliveredAt.getTime() < this.#now() - REPORT_WINDOW_DAYS * DAY) return { order, reason: 'too_old' };
    const reported = await reportsDb(em)
      .selectFrom('order_reports')
      .select('id')
      .where('order_id', '=', order.id)
      .where('source', '=', 'CUSTOMER')
      .executeTakeFirst();
    return { order, reason: reported ? 'already_reported' : null };
  }
}
