import type { OrderView, UserSummary } from '../../plugins/orders/schemas.ts';

/** An order's life as a list of stages with who and how long: the order detail and history pages. */
export interface Stage {
  label: string;
  at: string;
  who: UserSummary | null;
  /** Since the previous stage. */
  tookMs: number | null;
}

export function stagesOf(order: OrderView): Stage[] {
  const raw: [string, string | null, UserSummary | null][] = [
    ['Ordered', order.orderedAt, order.orderedBy],
    ['Claimed', order.claimedAt, order.claimedBy],
    ['Cooking', order.prepareStartedAt, order.preparedBy],
    ['Ready', order.readyAt && order.status !== 'PREPARING' ? order.readyAt : null, null],
    ['Out for delivery', order.assignedAt, order.assignedDriver],
    [order.report ? 'Reported' : 'Delivered', order.deliveredAt, order.deliveredBy],
    ['Cancelled', order.cancelledAt, null],
    ['Deleted', order.deletedAt, null],
  ];
  const stages: Stage[] = [];
  for (const [label, at, who] of raw) {
    if (!at) continue;
    const previous = stages.at(-1);
    stages.push({ label, at, who, tookMs: previous ? Date.parse(at) - Date.parse(previous.at) : null });
  }
  return stages;
}

/** 65000 → "1 min 5 s"; 3 h 2 min; under a second → "under a second". */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 1) return 'under a second';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** From order to delivery (or to the end, whatever it was). */
export function totalMs(order: OrderView): number | null {
  const end = order.deliveredAt ?? order.cancelledAt ?? order.deletedAt;
  return end ? Date.parse(end) - Date.parse(order.orderedAt) : null;
}
