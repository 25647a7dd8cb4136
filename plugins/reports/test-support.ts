import type { TestApp } from '../../tests/support/test-app.ts';
import { recordPastOrdersIn } from '../orders/index.ts';

const HOUR = 3_600_000;

/** A delivered order (or one in `status`) of `customer`, made `ago` ms before `now`, prepared by `chef`, delivered by `driver`. */
export async function deliveredOrder(
  app: TestApp,
  o: {
    customer: string;
    chef?: string;
    driver?: string;
    now: number;
    ago?: number;
    status?: 'DELIVERED' | 'READY' | 'ORDERED';
    report?: boolean;
  },
): Promise<{ id: string; orderID: string }> {
  const em = app.db.orm.em.fork();
  const orderedAt = new Date(o.now - (o.ago ?? HOUR) - 10 * 60_000);
  const status = o.status ?? 'DELIVERED';
  const delivered = status === 'DELIVERED';
  const [order] = await recordPastOrdersIn(em, [
    {
      customer: o.customer,
      item: 'Cheeseburger',
      mentions: [],
      status,
      claimedBy: status === 'ORDERED' ? null : (o.chef ?? null),
      preparedBy: status === 'ORDERED' ? null : (o.chef ?? null),
      images: status === 'ORDERED' ? [] : ['/food/burger.svg'],
      chefNote: 'Made with love.',
      readyAt: status === 'ORDERED' ? null : new Date(orderedAt.getTime() + 5 * 60_000),
      assignedDriver: status === 'ORDERED' ? null : (o.driver ?? null),
      deliveredBy: delivered ? (o.driver ?? null) : null,
      deliveredAt: delivered ? new Date(o.now - (o.ago ?? HOUR)) : null,
      report: o.report ?? false,
      reportReason: o.report ? 'Troll order.' : null,
      orderedAt,
      updatedAt: orderedAt,
    },
  ]);
  await em.flush();
  return order!;
}
