import type { InferKyselyDB } from '@mikro-orm/sql';
import { newId } from '../../core/ids.ts';
import { toBits } from '../../core/shared/permissions.ts';
import type { TestApp, TestUser } from '../../tests/support/test-app.ts';
import { until } from '../../tests/support/until.ts';
import { appServices } from '../index.ts';
import { recordPastOrdersIn } from '../orders/index.ts';
import type { TeamOrderCreditSchema } from './entities.ts';

export const STAFF = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'] as const;

export const teamsOf = (app: TestApp) => appServices(app.server.ctx).teams;
export const ordersOf = (app: TestApp) => appServices(app.server.ctx).orders;

/**
 * `count` orders READY, prepared by `chef` and assigned to `driver`, written straight to the table (the kitchen's
 * steps before delivery are not what these tests are about). Each is a new customer's unless `customer` is given: a
 * customer has one active order.
 */
export async function readyOrders(
  app: TestApp,
  chef: TestUser,
  driver: TestUser,
  count = 1,
  customer?: string,
): Promise<string[]> {
  const em = app.db.orm.em.fork();
  const now = new Date();
  const rows = await recordPastOrdersIn(
    em,
    Array.from({ length: count }, () => ({
      customer: customer ?? newId(),
      item: 'Team burger',
      mentions: [],
      status: 'READY',
      claimedBy: chef.id,
      claimedAt: now,
      preparedBy: chef.id,
      prepareStartedAt: now,
      readyAt: now,
      assignedDriver: driver.id,
      assignedAt: now,
      orderedAt: now,
      updatedAt: now,
    })),
  );
  await em.flush();
  return rows.map((row) => row.id);
}

/** The driver delivers the order through the orders service: the real path, whose deliverOrder event the counters hear. */
export function deliver(app: TestApp, driver: TestUser, id: string, report = false) {
  return ordersOf(app).orders.deliver(
    { id: driver.id, permissions: toBits([...STAFF]) },
    id,
    report ? { report: true, reportReason: 'Troll order.' } : { report: false, reportReason: null },
  );
}

/** Waits until `count` orders have been counted (the listener runs after the delivery's commit, outside the caller's await). */
export async function untilCredited(app: TestApp, count: number): Promise<void> {
  const db = app.db.orm.em.fork().getKysely<InferKyselyDB<typeof TeamOrderCreditSchema>>();
  let counted = 0;
  // A ceiling far above what the listeners need even on a busy machine: the condition, not the clock, ends the wait.
  await until(
    async () => {
      const row = await db
        .selectFrom('team_order_credits')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      counted = Number(row.n);
      return counted >= count;
    },
    60_000,
    () => `only ${counted} of ${count} orders were counted`,
  );
}
