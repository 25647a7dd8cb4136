import { newId } from '../../core/ids.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import type { TestApp } from '../../tests/support/test-app.ts';
import { recordPastOrdersIn } from '../orders/index.ts';

export const STAFF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_OWN_ACHIEVEMENTS'];
export const ADMIN: Permission[] = [...STAFF, 'MANAGE_MANAGEMENT_STATISTICS'];

/** `n` delivered orders written straight to the table (what the kitchen would have left behind). */
export async function deliveredOrders(
  app: TestApp,
  n: number,
  who: { chef?: string | null; driver?: string | null; at?: Date; report?: boolean },
): Promise<void> {
  const em = app.db.orm.em.fork();
  const at = who.at ?? new Date();
  for (let i = 0; i < n; i++) {
    await recordPastOrdersIn(em, [
      {
        customer: newId(),
        item: 'Cheeseburger',
        mentions: [],
        status: 'DELIVERED',
        preparedBy: who.chef ?? null,
        deliveredBy: who.driver ?? null,
        readyAt: at,
        deliveredAt: at,
        report: who.report ?? false,
        orderedAt: at,
        updatedAt: at,
      },
    ]);
  }
  await em.flush();
}

export function objectiveBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Deliver 3 orders',
    scope: 'global',
    type: 'ORDER_TARGET_DELIVERED',
    target: 3,
    reward: { type: 'VD_CURRENCY', amount: 100 },
    ...overrides,
  };
}
