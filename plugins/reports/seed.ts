import { UserSchema } from '../../core/auth/entities.ts';
import type { CoreContext } from '../../core/plugin.ts';
import { deliveredOrderSummariesIn, type OrderSummary } from '../orders/index.ts';
import type { ReportsPlugin } from './index.ts';
import { CUSTOMER_CATEGORIES, type ReportCategory } from './schemas.ts';
import { orderSummaryColumns, reportsDb } from './views.ts';

const CASEY = '1100000000000000001';
const MORGAN = '1100000000000000004';
const SAM = '1100000000000000005';
const HOUR = 3_600_000;
/** The seeded reports' ids are this and two digits: …600 is completed, …601 open (both Wrong item). */
export const SEEDED_REPORTS_PREFIX = '11000000000000006';

const DETAILS: Record<(typeof CUSTOMER_CATEGORIES)[number], [open: string, completed: string]> = {
  WRONG_ITEM: ['I asked for a cheeseburger and got a salad.', 'The pizza came without any pepperoni on it.'],
  RUDE_MESSAGE: ['The delivery message called me a slowpoke. Not nice.', 'The chef note said my order was silly.'],
  INAPPROPRIATE_PICTURE: [
    'The picture of my fries was not food at all.',
    'One of the pictures was a meme, not my milkshake.',
  ],
  NEVER_ARRIVED: ['It says delivered but nothing reached my channel.', 'The delivery never showed up in the server.'],
  OTHER: [
    'The order took far longer than the others that day.',
    'The driver mentioned the wrong person in the delivery.',
  ],
};

/**
 * Demo reports: one open and one completed of each category on delivered demo orders (the orders seed's), the
 * completed ones decided by Morgan with an audit entry each; Casey has a completed report of her own, and her
 * newer delivered orders stay unreported so she can try the feedback menu. The driver's report the orders seed made
 * (deliver `{report: true}`) is copied in. Casey, Morgan and Sam get the perk FEEDBACK_BETA (the feedback menu;
 * Morgan's Manager rank has VIEW_BACKLOG, so he also sees the Report Manager).
 */
export async function seedReports(plugin: ReportsPlugin, ctx: CoreContext): Promise<void> {
  await ctx.orm.em.fork().transactional(async (em) => {
    for (const user of await em.find(UserSchema, { id: { $in: [CASEY, MORGAN, SAM] } })) {
      if (!user.manualPerks.includes('FEEDBACK_BETA')) user.manualPerks = [...user.manualPerks, 'FEEDBACK_BETA'];
    }
    await em.flush();
    const reports = demoReports(await deliveredOrderSummariesIn(em, { reported: false }));
    if (reports.length === 0) return;
    await reportsDb(em)
      .insertInto('order_reports')
      .values(
        reports.map((report) => ({
          id: report.id,
          order_id: report.order.id,
          source: 'CUSTOMER',
          reporter: report.order.customer,
          category: report.category,
          details: report.details,
          status: report.completed ? 'COMPLETED' : 'OPEN',
          outcome: report.completed,
          completed_by: report.completed ? MORGAN : null,
          completed_at: report.completedAt,
          warnings: [],
          created_at: report.createdAt,
          ...orderSummaryColumns(report.order),
        })),
      )
      .execute();
    const morgan = await em.findOneOrFail(UserSchema, { id: MORGAN });
    for (const report of reports) {
      if (!report.completed) continue;
      await ctx.audit.record(em, {
        actor: { id: morgan.id, username: morgan.username, displayName: morgan.displayName ?? null },
        action: 'report.complete',
        target: { type: 'report', id: report.id, name: `Order ${report.order.orderID}` },
        before: { status: 'OPEN' },
        after: { status: 'COMPLETED', outcome: report.completed },
      });
    }
  });
  await plugin.filing.syncDriverReports();
}

/** The demo reports on these delivered orders: two of each category on others' orders, and Casey's completed one. */
function demoReports(orders: OrderSummary[]) {
  const casey = orders.filter((o) => o.customer === CASEY);
  const others = orders.filter((o) => o.customer !== CASEY);
  const rows: { order: OrderSummary; category: ReportCategory; details: string; completed: string | null }[] = [];
  CUSTOMER_CATEGORIES.forEach((category, i) => {
    const [open, completed] = DETAILS[category];
    if (others[2 * i])
      rows.push({
        order: others[2 * i]!,
        category,
        details: completed,
        completed: 'We talked to the staff involved and it will not happen again.',
      });
    if (others[2 * i + 1]) rows.push({ order: others[2 * i + 1]!, category, details: open, completed: null });
  });
  // Casey's oldest delivered order: a completed report she can read on the feedback page.
  if (casey[0])
    rows.push({
      order: casey[0],
      category: 'WRONG_ITEM',
      details: 'My milkshake was a hot chocolate.',
      completed: 'The chef was warned. Sorry about that!',
    });
  // Fixed ids, so tests and links can name a report (the first: an open Wrong item report).
  return rows.map((row, i) => {
    const createdAt = new Date(row.order.deliveredAt!.getTime() + HOUR);
    return {
      ...row,
      id: `${SEEDED_REPORTS_PREFIX}${String(i).padStart(2, '0')}`,
      createdAt,
      completedAt: row.completed ? new Date(createdAt.getTime() + 2 * HOUR) : null,
    };
  });
}
