import type { CoreContext } from '../../core/plugin.ts';
import { LeaveRequestSchema } from './entities.ts';
import { addDays, dayOf, type LeaveStatus } from './schemas.ts';

const CHARLIE = '1100000000000000002';
const DANA = '1100000000000000003';
const MORGAN = '1100000000000000004';

/**
 * Leave requests in every state: Charlie Chef is on leave now (back within the week), so On Leave Requests' boxes
 * and Charlie's profile have something to show; Dana (who stays in the delivery queue) has a pending and a denied
 * request; a cancelled one and a leave that has ended.
 */
export async function seedLeave(ctx: CoreContext): Promise<void> {
  const now = ctx.now();
  const today = dayOf(now);
  const em = ctx.orm.em.fork();
  const rows: { user: string; from: number; until: number; reason: string; status: LeaveStatus; note?: string }[] = [
    {
      user: CHARLIE,
      from: -3,
      until: 3,
      reason: 'A week at the seaside with the family.',
      status: 'APPROVED',
      note: 'Enjoy it, we have the grill covered.',
    },
    {
      user: CHARLIE,
      from: -40,
      until: -35,
      reason: 'Moving house.',
      status: 'APPROVED',
      note: 'Good luck with the boxes.',
    },
    { user: CHARLIE, from: 30, until: 32, reason: 'A long weekend away.', status: 'CANCELLED' },
    { user: DANA, from: 14, until: 18, reason: "My sister's wedding.", status: 'PENDING' },
    {
      user: DANA,
      from: 2,
      until: 4,
      reason: 'A few days off to rest.',
      status: 'DENIED',
      note: 'We are short of drivers that weekend: could you pick other days?',
    },
  ];
  for (const [i, row] of rows.entries()) {
    const created = new Date(now - (rows.length - i) * 3_600_000);
    const decided = row.status !== 'PENDING';
    em.create(LeaveRequestSchema, {
      user: row.user,
      from: addDays(today, row.from),
      until: addDays(today, row.until),
      reason: row.reason,
      status: row.status,
      createdBy: row.user,
      decidedBy: decided ? (row.status === 'CANCELLED' ? row.user : MORGAN) : null,
      note: row.note ?? null,
      decidedAt: decided ? new Date(created.getTime() + 600_000) : null,
      createdAt: created,
      updatedAt: created,
    });
  }
  await em.flush();
}
