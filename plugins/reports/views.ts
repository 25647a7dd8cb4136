import type { Em } from '../../core/db/orm.ts';
import { iso, json, person, userJson } from '../orders/views.ts';
import type { ReportCategory, ReportSource, ReportStatus, ReportView, ReportWarning } from './schemas.ts';

/** Report views in one query: the report, its order's summary and everyone they name, joined (never one by one). */
const REPORT_VIEW_SQL = `
select r.id, r.source, r.category, r.details, r.status, r.reporter, r.outcome, r.completed_by, r.completed_at, r.warnings,
  r.created_at, o.id as order_id, o.order_code, o.item, o.customer, o.prepared_by, o.delivered_by, o.delivered_at,
  ${userJson('rp')} as reporter_user, ${userJson('cu')} as customer_user, ${userJson('ch')} as chef_user,
  ${userJson('dv')} as driver_user, ${userJson('cb')} as completed_user
from order_reports r
join orders o on o.id = r.order_id
left join users rp on rp.id = r.reporter
left join users cu on cu.id = o.customer
left join users ch on ch.id = o.prepared_by
left join users dv on dv.id = o.delivered_by
left join users cb on cb.id = r.completed_by`;

type Row = Record<string, unknown>;

export function toReportView(row: Row): ReportView {
  return {
    _id: row.id as string,
    source: row.source as ReportSource,
    category: row.category as ReportCategory,
    details: row.details as string,
    status: row.status as ReportStatus,
    reporter: person(row.reporter, row.reporter_user)!,
    order: {
      id: row.order_id as string,
      orderID: row.order_code as string,
      item: row.item as string,
      orderedBy: person(row.customer, row.customer_user)!,
      chef: person(row.prepared_by, row.chef_user),
      driver: person(row.delivered_by, row.driver_user),
      deliveredAt: iso(row.delivered_at),
    },
    outcome: (row.outcome as string | null) ?? null,
    completedBy: person(row.completed_by, row.completed_user),
    completedAt: iso(row.completed_at),
    warnings: json<ReportWarning[]>(row.warnings) ?? [],
    createdAt: iso(row.created_at)!,
  };
}

/** Views of the reports `where` selects (SQL over `r` and `o`, with `?` parameters). */
export async function selectReportViews(
  em: Em,
  where: string,
  params: unknown[] = [],
  tail = '',
): Promise<ReportView[]> {
  const rows = await em.execute<Row[]>(`${REPORT_VIEW_SQL} where ${where} ${tail}`, params);
  return rows.map(toReportView);
}
