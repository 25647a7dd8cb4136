import type { AuditLog } from '../../core/audit/service.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { textInEveryLocale } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import type { OrdersService } from '../orders/index.ts';
import type { UserAdminService } from '../users/index.ts';
import { reportsText } from './i18n/index.ts';
import { nobodyToWarn, reportCompleted, reportNotFound } from './refusals.ts';
import type {
  CompleteReportInput,
  ReportDetail,
  ReportsQuery,
  ReportsResponse,
  ReportView,
  ReportWarning,
  WarnInput,
} from './schemas.ts';
import { reportRows, reportsDb, reportViewIn, reportViews } from './views.ts';

const EARLIER = 10;

export interface ReportManagerServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit' | 'now'> {
  /** The users plugin's: warnings. */
  admin: UserAdminService;
  /** The orders plugin's: the order on a report's page. */
  orders: OrdersService;
}

/**
 * The Report Manager (perk FEEDBACK_BETA and VIEW_BACKLOG, both: docs/reports.md): the list, one report with its
 * order and the people's earlier reports, warnings through the users plugin, and completing a report with an outcome.
 */
export class ReportManagerService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #admin: UserAdminService;
  readonly #orders: OrdersService;
  readonly #now: () => number;

  constructor({ orm, events, audit, admin, orders, now }: ReportManagerServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#admin = admin;
    this.#orders = orders;
    this.#now = now;
  }

  /** POST /api/client/report/orders: open ones oldest first (a queue), completed ones newest completed first. */
  async list(query: ReportsQuery): Promise<ReportsResponse> {
    const { filter } = query;
    const em = this.#orm.em.fork();
    const matching = reportRows(em).where((eb) =>
      eb.and([
        eb('status', '=', filter.status),
        ...(filter.category ? [eb('category', '=', filter.category)] : []),
        ...(filter.chef ? [eb('chef', '=', filter.chef)] : []),
        ...(filter.driver ? [eb('driver', '=', filter.driver)] : []),
      ]),
    );
    const ordered =
      filter.status === 'OPEN'
        ? matching.orderBy('created_at', 'asc').orderBy('id', 'asc')
        : matching.orderBy('completed_at', 'desc').orderBy('id', 'desc');
    const reports = await reportViews(em, ordered.limit(query.pageSize).offset((query.page - 1) * query.pageSize));
    const count = await matching
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return { reports, total: Number(count?.n ?? 0) };
  }

  /** GET /api/client/report/orders/{id}: the report, its order (timeline, pictures, chef note), the delivery message, earlier reports. */
  async detail(id: string): Promise<ReportDetail> {
    const em = this.#orm.em.fork();
    const report = await reportViewIn(em, id);
    if (!report) throw reportNotFound();
    const order = await this.#orders.find(report.order.id);
    if (!order) throw reportNotFound();
    const driver = report.order.driver?.id;
    const saved = driver
      ? await reportsDb(em).selectFrom('users').select('settings').where('id', '=', driver).executeTakeFirst()
      : undefined;
    const earlier = reportRows(em)
      .where('id', '<>', id)
      .where('created_at', '<=', new Date(report.createdAt))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(EARLIER);
    const customerReports = await reportViews(em, earlier.where('customer', '=', report.order.orderedBy.id));
    const staff = [report.order.chef?.id, report.order.driver?.id].filter((s): s is string => Boolean(s));
    const staffReports = staff.length
      ? await reportViews(
          em,
          earlier.where((eb) => eb.or([eb('chef', 'in', staff), eb('driver', 'in', staff)])),
        )
      : [];
    return {
      report,
      order,
      deliveryMessage: saved?.settings?.deliveryMessage?.message ?? null,
      customerReports,
      staffReports,
    };
  }

  /**
   * POST /api/client/report/orders/{id}/warn: warns the order's chef or driver through the users plugin (its rank
   * rules and its audit entry, `user.warn`), then notes the warning on the report. Only while the report is open.
   */
  async warn(actor: CurrentUser, id: string, input: WarnInput): Promise<ReportView> {
    const report = await reportViewIn(this.#orm.em.fork(), id);
    if (!report) throw reportNotFound();
    if (report.status !== 'OPEN') throw reportCompleted(report.status);
    const person = input.target === 'chef' ? report.order.chef : report.order.driver;
    if (!person) throw nobodyToWarn(input.target, report.order.orderID);
    const warning = await this.#admin.warn(
      actor,
      person.id,
      `${input.reason} (report about order ${report.order.orderID})`,
    );
    const entry: ReportWarning = {
      target: input.target,
      userId: person.id,
      warningId: warning.id,
      reason: input.reason,
      by: actor.id,
      at: warning.createdAt,
    };
    // One statement appends, so two warnings at once both stay.
    await reportsDb(this.#orm.em.fork())
      .updateTable('order_reports')
      .set((eb) => ({
        warnings: eb('warnings', '||', eb.cast<ReportWarning[]>(eb.val(JSON.stringify([entry])), 'jsonb')),
      }))
      .where('id', '=', id)
      .execute();
    return (await reportViewIn(this.#orm.em.fork(), id))!;
  }

  /**
   * POST /api/client/report/orders/{id}/completed: one conditional UPDATE (only an OPEN report), audited in its
   * transaction; of two managers completing at once one wins, the other gets 409. The reporter is told after commit.
   */
  async complete(actor: CurrentUser, id: string, input: CompleteReportInput): Promise<ReportView> {
    const done = await this.#orm.em.fork().transactional(async (em) => {
      const now = new Date(this.#now());
      const row = await reportsDb(em)
        .updateTable('order_reports')
        .set({ status: 'COMPLETED', outcome: input.outcome, completed_by: actor.id, completed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'OPEN')
        .returning(['reporter', 'source', 'order_code'])
        .executeTakeFirst();
      if (!row) {
        const exists = await reportsDb(em)
          .selectFrom('order_reports')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!exists) throw reportNotFound();
        throw reportCompleted(exists.status);
      }
      await this.#audit.record(em, {
        actor,
        action: 'report.complete',
        target: { type: 'report', id, name: `Order ${row.order_code}` },
        before: { status: 'OPEN' },
        after: { status: 'COMPLETED', outcome: input.outcome },
      });
      return row;
    });
    const customer = done.source === 'CUSTOMER';
    this.#events.publish('notice', {
      userId: done.reporter,
      ref: `report:${id}:completed`,
      kind: 'report.completed',
      ...textInEveryLocale(reportsText, 'notice.completed', { code: String(done.order_code), outcome: input.outcome }),
      link: customer ? '/feedback/report-order' : null,
    });
    return (await reportViewIn(this.#orm.em.fork(), id))!;
  }
}
