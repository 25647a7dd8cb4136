import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { newId } from '../../core/ids.ts';
import { isId } from '../../core/shared/ids.ts';
import type {} from '../orders/index.ts'; // the events it declares
import type { OrderView } from '../orders/schemas.ts';
import { iso } from '../orders/views.ts';
import {
  type CreateReportInput,
  type EligibleResponse,
  INELIGIBLE,
  type IneligibleReason,
  REPORT_WINDOW_DAYS,
  type ReportView,
} from './schemas.ts';
import { selectReportViews } from './views.ts';

const DAY = 86_400_000;

interface OrderRow {
  id: string;
  order_code: string;
  item: string;
  customer: string;
  status: string;
  delivered_at: Date | string | null;
}

/** The DomainError kind each refusal answers with when a report is filed anyway. */
const REFUSAL_KIND = {
  not_found: 'not_found',
  not_your_order: 'forbidden',
  not_delivered: 'conflict',
  too_old: 'conflict',
  already_reported: 'conflict',
} as const;

/**
 * Filing reports: the customer's (the feedback menu, §5: eligibility checked by orderID on the server) and the
 * driver's (deliver `{report: true}` in the orders plugin, copied here when the `deliverOrder` event says so).
 * One report per order and source: the unique key decides, so the same report filed twice at once is one report.
 */
export class ReportFilingService {
  readonly #orm: Orm;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;

  constructor(orm: Orm, events: EventBus, now: () => number, log: FastifyBaseLogger) {
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
        ? { orderID: order.order_code, item: order.item, deliveredAt: iso(order.delivered_at) }
        : null;
    return { eligible: reason === null, reason, message: reason ? INELIGIBLE[reason] : null, order: summary };
  }

  /** POST /api/client/report/order: 201 with the report; the refusals of `eligible` as 404, 403 or 409. */
  async create(actor: CurrentUser, input: CreateReportInput): Promise<ReportView> {
    const { order, reason } = await this.#check(actor, input.orderID);
    if (reason) throw new DomainError(REFUSAL_KIND[reason], INELIGIBLE[reason], { reason });
    // A delivered order never changes again, so what #check read still holds; the unique key settles a double submit.
    const id = await this.#insert(order!.id, 'CUSTOMER', actor.id, input.category, input.details);
    if (!id) throw new DomainError('conflict', INELIGIBLE.already_reported, { reason: 'already_reported' });
    return this.view(id);
  }

  /** The caller's own reports, newest first (the feedback page lists them with their outcome). */
  async mine(userId: string): Promise<ReportView[]> {
    return selectReportViews(
      this.#orm.em.fork(),
      `r.reporter = ? and r.source = 'CUSTOMER'`,
      [userId],
      'order by r.created_at desc, r.id desc limit 20',
    );
  }

  async view(id: string): Promise<ReportView> {
    const [view] = await selectReportViews(this.#orm.em.fork(), 'r.id = ?', [id]);
    if (!view) throw new DomainError('not_found', 'Report not found');
    return view;
  }

  /** A driver's report (deliver `{report: true}`) as a report in the Report Manager; once per order, whoever hears it. */
  async recordDriverReport(
    order: Pick<OrderView, 'id' | 'report' | 'reportReason' | 'deliveredBy' | 'deliveredAt'>,
  ): Promise<string | null> {
    if (!order.report || !order.deliveredBy) return null;
    const at = order.deliveredAt ? Date.parse(order.deliveredAt) : this.#now();
    return this.#insert(
      order.id,
      'DRIVER',
      order.deliveredBy.id,
      'TROLL_ORDER',
      order.reportReason ?? 'Reported when delivered.',
      at,
    );
  }

  /**
   * Every driver's report not yet copied (a `deliverOrder` event missed while no process listened, or orders made by
   * a seed): run on start and by the seed. Idempotent.
   */
  async syncDriverReports(): Promise<number> {
    const rows = await this.#orm.em
      .fork()
      .execute<
        { id: string; report_reason: string | null; delivered_by: string; delivered_at: Date | string | null }[]
      >(
        `select o.id, o.report_reason, o.delivered_by, o.delivered_at from orders o
       where o.report and o.status = 'DELIVERED' and o.delivered_by is not null
         and not exists (select 1 from order_reports r where r.order_id = o.id and r.source = 'DRIVER')`,
      );
    let added = 0;
    for (const row of rows) {
      const at = row.delivered_at ? new Date(row.delivered_at).getTime() : this.#now();
      if (
        await this.#insert(
          row.id,
          'DRIVER',
          row.delivered_by,
          'TROLL_ORDER',
          row.report_reason ?? 'Reported when delivered.',
          at,
        )
      )
        added++;
    }
    return added;
  }

  async #insert(
    orderId: string,
    source: 'CUSTOMER' | 'DRIVER',
    reporter: string,
    category: string,
    details: string,
    at = this.#now(),
  ): Promise<string | null> {
    const rows = await this.#orm.em.fork().execute<{ id: string }[]>(
      `insert into order_reports (id, order_id, source, reporter, category, details, status, warnings, created_at)
       values (?, ?, ?, ?, ?, ?, 'OPEN', '[]', ?) on conflict (order_id, source) do nothing returning id`,
      [newId(), orderId, source, reporter, category, details, new Date(at)],
    );
    return rows[0]?.id ?? null;
  }

  async #check(actor: CurrentUser, ref: string): Promise<{ order: OrderRow | null; reason: IneligibleReason | null }> {
    const em = this.#orm.em.fork();
    const [order] = await em.execute<OrderRow[]>(
      `select id, order_code, item, customer, status, delivered_at from orders where ${isId(ref) ? 'id' : 'order_code'} = ?`,
      [ref],
    );
    if (!order) return { order: null, reason: 'not_found' };
    if (order.customer !== actor.id) return { order, reason: 'not_your_order' };
    if (order.status !== 'DELIVERED' || !order.delivered_at) return { order, reason: 'not_delivered' };
    if (new Date(order.delivered_at).getTime() < this.#now() - REPORT_WINDOW_DAYS * DAY)
      return { order, reason: 'too_old' };
    const [reported] = await em.execute(`select 1 from order_reports where order_id = ? and source = 'CUSTOMER'`, [
      order.id,
    ]);
    return { order, reason: reported ? 'already_reported' : null };
  }
}
