import type { AuditLog } from '../../core/audit/service.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import type {} from '../notifications/index.ts'; // the events it declares
import { selectOrderViewsByIds } from '../orders/views.ts';
import type { UserAdminService } from '../users/index.ts';
import type {
  CompleteReportInput,
  ReportDetail,
  ReportsQuery,
  ReportsResponse,
  ReportView,
  ReportWarning,
  WarnInput,
} from './schemas.ts';
import { selectReportViews } from './views.ts';

const EARLIER = 10;

/**
 * The Report Manager (perk FEEDBACK_BETA and VIEW_BACKLOG, both: docs/reports.md): the list, one report with its
 * order and the people's earlier reports, warnings through the users plugin, and completing a report with an outcome.
 */
export class ReportManagerService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  readonly #admin: UserAdminService;
  readonly #now: () => number;

  constructor(orm: Orm, events: EventBus, audit: AuditLog, admin: UserAdminService, now: () => number) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    this.#admin = admin;
    this.#now = now;
  }

  /** POST /api/client/report/orders: open ones oldest first (a queue), completed ones newest completed first. */
  async list(query: ReportsQuery): Promise<ReportsResponse> {
    const { filter } = query;
    const where = ['r.status = ?'];
    const params: unknown[] = [filter.status];
    const add = (condition: string, value: unknown) => {
      where.push(condition);
      params.push(value);
    };
    if (filter.category) add('r.category = ?', filter.category);
    if (filter.chef) add('o.prepared_by = ?', filter.chef);
    if (filter.driver) add('o.delivered_by = ?', filter.driver);
    const sql = where.join(' and ');
    const em = this.#orm.em.fork();
    const order = filter.status === 'OPEN' ? 'r.created_at asc, r.id asc' : 'r.completed_at desc, r.id desc';
    const reports = await selectReportViews(
      em,
      sql,
      params,
      `order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const [count] = await em.execute<{ n: string | number }[]>(
      `select count(*) as n from order_reports r join orders o on o.id = r.order_id where ${sql}`,
      params,
    );
    return { reports, total: Number(count?.n ?? 0) };
  }

  /** GET /api/client/report/orders/{id}: the report, its order (timeline, pictures, chef note), the delivery message, earlier reports. */
  async detail(id: string): Promise<ReportDetail> {
    const em = this.#orm.em.fork();
    const [report] = await selectReportViews(em, 'r.id = ?', [id]);
    if (!report) throw new DomainError('not_found', 'Report not found');
    const [order] = await selectOrderViewsByIds(em, [report.order.id]);
    const driver = report.order.driver?.id;
    const [settings] = driver
      ? await em.execute<{ settings: unknown }[]>('select settings from users where id = ?', [driver])
      : [];
    const saved = typeof settings?.settings === 'string' ? JSON.parse(settings.settings) : settings?.settings;
    const earlier = `r.id <> ? and r.created_at <= ?`;
    const tail = `order by r.created_at desc, r.id desc limit ${EARLIER}`;
    const customerReports = await selectReportViews(
      em,
      `${earlier} and o.customer = ?`,
      [id, report.createdAt, report.order.orderedBy.id],
      tail,
    );
    const staff = [report.order.chef?.id, report.order.driver?.id].filter((s): s is string => Boolean(s));
    const staffReports = staff.length
      ? await selectReportViews(
          em,
          `${earlier} and (o.prepared_by in (${staff.map(() => '?').join(', ')}) or o.delivered_by in (${staff.map(() => '?').join(', ')}))`,
          [id, report.createdAt, ...staff, ...staff],
          tail,
        )
      : [];
    return {
      report,
      order: order!,
      deliveryMessage: saved?.deliveryMessage?.message ?? null,
      customerReports,
      staffReports,
    };
  }

  /**
   * POST /api/client/report/orders/{id}/warn: warns the order's chef or driver through the users plugin (its rank
   * rules and its audit entry, `user.warn`), then notes the warning on the report. Only while the report is open.
   */
  async warn(actor: CurrentUser, id: string, input: WarnInput): Promise<ReportView> {
    const [report] = await selectReportViews(this.#orm.em.fork(), 'r.id = ?', [id]);
    if (!report) throw new DomainError('not_found', 'Report not found');
    if (report.status !== 'OPEN')
      throw new DomainError('conflict', 'This report is already completed.', { status: report.status });
    const person = input.target === 'chef' ? report.order.chef : report.order.driver;
    if (!person) throw new DomainError('conflict', `Order ${report.order.orderID} has no ${input.target}.`);
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
    await this.#orm.em
      .fork()
      .execute(`update order_reports set warnings = warnings || ?::jsonb where id = ?`, [JSON.stringify([entry]), id]);
    const [view] = await selectReportViews(this.#orm.em.fork(), 'r.id = ?', [id]);
    return view!;
  }

  /**
   * POST /api/client/report/orders/{id}/completed: one conditional UPDATE (only an OPEN report), audited in its
   * transaction; of two managers completing at once one wins, the other gets 409. The reporter is told after commit.
   */
  async complete(actor: CurrentUser, id: string, input: CompleteReportInput): Promise<ReportView> {
    const done = await this.#orm.em.fork().transactional(async (em) => {
      const now = new Date(this.#now());
      const [row] = await em.execute<{ reporter: string; source: string; order_code: string }[]>(
        `update order_reports r set status = 'COMPLETED', outcome = ?, completed_by = ?, completed_at = ?
         from orders o where o.id = r.order_id and r.id = ? and r.status = 'OPEN'
         returning r.reporter, r.source, o.order_code`,
        [input.outcome, actor.id, now, id],
      );
      if (!row) {
        const [exists] = await em.execute<{ status: string }[]>('select status from order_reports where id = ?', [id]);
        if (!exists) throw new DomainError('not_found', 'Report not found');
        throw new DomainError('conflict', 'This report is already completed.', { status: exists.status });
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
      text: `Your report about order ${done.order_code} was reviewed: ${input.outcome}`,
      link: customer ? '/feedback/report-order' : null,
    });
    const [view] = await selectReportViews(this.#orm.em.fork(), 'r.id = ?', [id]);
    return view!;
  }
}
