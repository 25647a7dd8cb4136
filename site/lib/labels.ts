import type { LeaveStatus } from '../../plugins/onleave/schemas.ts';
import type { OrderStatus, OrderView } from '../../plugins/orders/schemas.ts';

/**
 * One look for the whole site: every screen that tags an order state, a leave request or an appeal takes its tone
 * from here (docs/site-patterns.md), and its words from the `site.labels` catalogue (site/lib/label-words.ts, in the
 * page's language). Browser-safe: islands import it. The colour of a state is a theme token (`vd-state-*` in
 * site/styles/main.scss), so a state looks the same on the order manager, Order Management and order history, in
 * both colour schemes.
 */

/**
 * A perk the site has no words for (perks are strings: a plan or a store item may name its own) by its constant, as
 * people read it: `SUPPORTER` → `Supporter`, `EARLY_ACCESS` → `Early access`.
 */
export function humanize(name: string): string {
  const words = name.toLowerCase().split('_');
  return [words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1), ...words.slice(1)].join(' ');
}

/**
 * What a list shows of an order: its state, except that a delivered order that was reported or could not be
 * delivered says so. `REPORTED` and `DELIVERY_FAILED` are views of DELIVERED, not states of their own.
 */
export type OrderStateView = OrderStatus | 'REPORTED' | 'DELIVERY_FAILED';

/** The token suffix of each view's colour: `.tag.vd-state-<tone>`. */
export type StateTone =
  | 'waiting'
  | 'claimed'
  | 'cooking'
  | 'ready'
  | 'delivered'
  | 'cancelled'
  | 'deleted'
  | 'reported'
  | 'failed';

/** The tones of §4's application statuses (Bulma's words; their colours are `vd-state-*` tokens). */
export type ApplicationTone = 'info' | 'warning' | 'success' | 'danger' | 'unknown';

/** Each view's tone, in the order a filter offers them: the life of an order. */
export const ORDER_STATE_TONES: Record<OrderStateView, StateTone> = {
  ORDERED: 'waiting',
  CLAIMED: 'claimed',
  PREPARING: 'cooking',
  READY: 'ready',
  DELIVERED: 'delivered',
  REPORTED: 'reported',
  DELIVERY_FAILED: 'failed',
  CANCELLED: 'cancelled',
  DELETED: 'deleted',
};

export const ORDER_STATE_VIEW_LIST = Object.keys(ORDER_STATE_TONES) as OrderStateView[];

export function orderStateView(order: Pick<OrderView, 'status' | 'report' | 'deliveryFailed'>): OrderStateView {
  if (order.report) return 'REPORTED';
  if (order.deliveryFailed) return 'DELIVERY_FAILED';
  return order.status;
}

/** The tag an order shows: its view (orderStateName words it) and class. */
export function orderTag(order: Pick<OrderView, 'status' | 'report' | 'deliveryFailed'>): {
  view: OrderStateView;
  className: string;
} {
  const view = orderStateView(order);
  return { view, className: `vd-state-${ORDER_STATE_TONES[view]}` };
}

/** A user's standing in admin lists. */
export const USER_STANDING = {
  active: { className: 'vd-state-active' },
  banned: { className: 'vd-state-banned' },
} as const;

/** An appeal's status's tone (My Appeals, the Appeal Manager). */
const APPEAL_STATUS_TONES: Record<'pending' | 'accepted' | 'denied', StateTone> = {
  pending: 'waiting',
  accepted: 'delivered',
  denied: 'failed',
};

export function appealTag(status: 'pending' | 'accepted' | 'denied'): { className: string } {
  return { className: `vd-state-${APPEAL_STATUS_TONES[status]}` };
}

/** A leave request's status's tag class (Take a Vacation, On Leave Requests). */
export const LEAVE_STATUS_VIEWS: Record<LeaveStatus, { className: string }> = {
  PENDING: { className: 'vd-state-waiting' },
  APPROVED: { className: 'vd-state-active' },
  DENIED: { className: 'vd-state-deleted' },
  CANCELLED: { className: 'vd-state-cancelled' },
};

/** Someone on leave today, as a tag beside their name. */
export const ON_LEAVE = { className: 'vd-state-leave' } as const;

/** §4: a recruitment application's status as shown: pending (info), 'On Hold' (warning), accepted (success), denied (danger), otherwise Unknown. */
export const APPLICATION_STATUS_TONES: Record<number, ApplicationTone> = {
  0: 'info',
  1: 'warning',
  2: 'success',
  3: 'danger',
};

/** An application's tag: its colour by its tone; its words are the `site.application` catalogue's (`status.*`). */
export function applicationTag(status: number): { className: string } {
  return { className: `vd-state-${APPLICATION_STATUS_TONES[status] ?? 'unknown'}` };
}
