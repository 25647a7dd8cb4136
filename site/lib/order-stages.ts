import type { OrderView, UserSummary } from '../../plugins/orders/schemas.ts';
import type { OrderStateView } from './labels.ts';

/** An order's life as a list of stages with who and how long: the order detail and history pages. */
export interface Stage {
  /**
   * Its English name (tests); `key` names it: a state by its name (label-words.ts's orderStateName), the two stages
   * that are not states in the kitchen's catalogue (site/i18n/kitchen).
   */
  label: string;
  key: StageKey;
  at: string;
  who: UserSummary | null;
  /** Since the previous stage. */
  tookMs: number | null;
}

export type StageKey =
  | 'stage.ordered'
  | 'stage.outForDelivery'
  | Exclude<OrderStateView, 'ORDERED' | 'DELIVERY_FAILED'>;

export function stagesOf(order: OrderView): Stage[] {
  const raw: [string, StageKey, string | null, UserSummary | null][] = [
    ['Ordered', 'stage.ordered', order.orderedAt, order.orderedBy],
    ['Claimed', 'CLAIMED', order.claimedAt, order.claimedBy],
    ['Cooking', 'PREPARING', order.prepareStartedAt, order.preparedBy],
    ['Ready', 'READY', order.readyAt && order.status !== 'PREPARING' ? order.readyAt : null, null],
    ['Out for delivery', 'stage.outForDelivery', order.assignedAt, order.assignedDriver],
    order.report
      ? ['Reported', 'REPORTED', order.deliveredAt, order.deliveredBy]
      : ['Delivered', 'DELIVERED', order.deliveredAt, order.deliveredBy],
    ['Cancelled', 'CANCELLED', order.cancelledAt, null],
    ['Deleted', 'DELETED', order.deletedAt, null],
  ];
  const stages: Stage[] = [];
  for (const [label, key, at, who] of raw) {
    if (!at) continue;
    const previous = stages.at(-1);
    stages.push({ label, key, at, who, tookMs: previous ? Date.parse(at) - Date.parse(previous.at) : null });
  }
  return stages;
}

/** From order to delivery (or to the end, whatever it was). */
export function totalMs(order: OrderView): number | null {
  const end = order.deliveredAt ?? order.cancelledAt ?? order.deletedAt;
  return end ? Date.parse(end) - Date.parse(order.orderedAt) : null;
}
