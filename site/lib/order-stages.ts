import type { OrderView, UserSummary } from '../../plugins/orders/schemas.ts';

/** An order's life as a list of stages with who and how long: the order detail and history pages. */
export interface Stage {
  /** Its English name (tests); `key` names it in the kitchen's catalogue (site/i18n/kitchen). */
  label: string;
  key: StageKey;
  at: string;
  who: UserSummary | null;
  /** Since the previous stage. */
  tookMs: number | null;
}

export type StageKey =
  | 'stage.ordered'
  | 'state.CLAIMED'
  | 'state.PREPARING'
  | 'state.READY'
  | 'stage.outForDelivery'
  | 'state.REPORTED'
  | 'state.DELIVERED'
  | 'state.CANCELLED'
  | 'state.DELETED';

export function stagesOf(order: OrderView): Stage[] {
  const raw: [string, StageKey, string | null, UserSummary | null][] = [
    ['Ordered', 'stage.ordered', order.orderedAt, order.orderedBy],
    ['Claimed', 'state.CLAIMED', order.claimedAt, order.claimedBy],
    ['Cooking', 'state.PREPARING', order.prepareStartedAt, order.preparedBy],
    ['Ready', 'state.READY', order.readyAt && order.status !== 'PREPARING' ? order.readyAt : null, null],
    ['Out for delivery', 'stage.outForDelivery', order.assignedAt, order.assignedDriver],
    order.report
      ? ['Reported', 'state.REPORTED', order.deliveredAt, order.deliveredBy]
      : ['Delivered', 'state.DELIVERED', order.deliveredAt, order.deliveredBy],
    ['Cancelled', 'state.CANCELLED', order.cancelledAt, null],
    ['Deleted', 'state.DELETED', order.deletedAt, null],
  ];
  const stages: Stage[] = [];
  for (const [label, key, at, who] of raw) {
    if (!at) continue;
    const previous = stages.at(-1);
    stages.push({ label, key, at, who, tookMs: previous ? Date.parse(at) - Date.parse(previous.at) : null });
  }
  return stages;
}

type DurationKey =
  | 'duration.underSecond'
  | 'duration.seconds'
  | 'duration.minutesSeconds'
  | 'age.minutes'
  | 'age.hours';

/** English as the specification words it, for pages not in the reader's language yet. */
const ENGLISH_DURATION = (key: DurationKey, values: Record<string, number> = {}): string =>
  ({
    'duration.underSecond': 'under a second',
    'duration.seconds': `${values.seconds} s`,
    'duration.minutesSeconds': `${values.minutes} min ${values.seconds} s`,
    'age.minutes': `${values.minutes} min`,
    'age.hours': `${values.hours} h ${values.minutes} min`,
  })[key];

/**
 * 65000 → "1 min 5 s"; 3 h 2 min; under a second → "under a second"; in the page's language with the kitchen's
 * catalogue (`t`).
 */
export function duration(
  ms: number,
  t: (key: DurationKey, values?: Record<string, number>) => string = ENGLISH_DURATION,
): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 1) return t('duration.underSecond');
  if (seconds < 60) return t('duration.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return seconds % 60
      ? t('duration.minutesSeconds', { minutes, seconds: seconds % 60 })
      : t('age.minutes', { minutes });
  return t('age.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** From order to delivery (or to the end, whatever it was). */
export function totalMs(order: OrderView): number | null {
  const end = order.deliveredAt ?? order.cancelledAt ?? order.deletedAt;
  return end ? Date.parse(end) - Date.parse(order.orderedAt) : null;
}
