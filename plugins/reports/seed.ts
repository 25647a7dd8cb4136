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
  const em = ctx.orm.em.fork();
  for (const user of await em.find(UserSchema, { id: { $in: [CASEY, MORGAN, SAM] } })) {
    if (!user.manualPerks.includes('FEEDBACK_BETA')) user.manualPerks = [...user.manualPerks, 'FEEDBACK_BETA'];
  }
  await em.flush();

  const orders = await deliveredOrderSummariesIn(em, { reported: false });
  const casey = orders.filter((o) => o.customer === CASEY);
  const others = orders.filter((o) => o.customer !== CASEY);
  const morgan = await em.findOneOrFail(UserSchema, { id: MORGAN });
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

  await em.transactional(async (tx) => {
    for (const [i, row] of rows.entries()) {
      // Fixed ids, so tests and links can name a report (the first: an open Wrong item report).
      const id = `${SEEDED_REPORTS_PREFIX}${String(i).padStart(2, '0')}`;
      const created = new Date(row.order.deliveredAt!.getTime() + HOUR);
      const completedAt = row.completed ? new Date(created.getTime() + 2 * HOUR) : null;
      await reportsDb(tx)
        .insertInto('order_reports')
        .values({
          id,
          order_id: row.order.id,
          source: 'CUSTOMER',
          reporter: row.order.customer,
          category: row.category,
          details: row.details,
          status: row.completed ? 'COMPLETED' : 'OPEN',
          outcome: row.completed,
          completed_by: row.completed ? MORGAN : null,
          completed_at: completedAt,
          warnings: [],
          created_at: created,
          ...orderSummaryColumns(row.order),
        })
        .execute();
      if (row.completed) {
        await ctx.audit.record(tx, {
          actor: { id: morgan.id, username: morgan.username, displayName: morgan.displayName ?? null },
          action: 'report.complete',
          target: { type: 'report', id, name: `Order ${row.order.orderID}` },
          before: { status: 'OPEN' },
          after: { status: 'COMPLETED', outcome: row.completed },
        });
      }
    }
  });
  await plugin.filing.syncDriverReports();
}
