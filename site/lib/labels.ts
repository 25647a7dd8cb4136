import type { Perk } from '../../core/shared/permissions.ts';
import type { LeaveStatus } from '../../plugins/onleave/schemas.ts';
import type { OrderStatus, OrderView } from '../../plugins/orders/schemas.ts';
import type { GrantOrigin } from '../../plugins/users/schemas.ts';

/**
 * One set of words for the whole site: every screen that names an order state, a perk or a permission takes the
 * word from here (site/docs: docs/site-patterns.md). The colour of a state is a theme token (`vd-state-*` in
 * site/styles/main.scss), so a state looks the same on the order manager, Order Management and order history, in
 * both colour schemes.
 */

/** 'MANAGE_ORDERS' → 'Manage orders': permission names as people read them. */
export function humanize(name: string): string {
  const words = name.toLowerCase().split('_');
  return [words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1), ...words.slice(1)].join(' ');
}

export const permissionLabel = humanize;

/** Perks by the name people know them by (the rank form, Edit Profile, profiles). */
export const PERK_LABELS: Record<Perk, string> = {
  FEEDBACK_BETA: 'Feedback beta',
  DELIVERY_MESSAGE_BETA: 'Delivery message beta',
};

export function perkLabel(perk: string): string {
  return PERK_LABELS[perk as Perk] ?? humanize(perk);
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** What gave a perk or rank held by a grant, and for how long, as the user manager's edit screen says it. */
export function grantedSource(grant: GrantOrigin): string {
  const name = grant.sourceName;
  const from =
    {
      subscription: name ? `the ${name} plan` : 'a subscription',
      purchase: name ? `the store: ${name}` : 'a store purchase',
      objective: name ? `the objective ${name}` : 'an objective',
      sponsor: 'a sponsorship',
    }[grant.source] ?? 'a grant';
  const until = grant.endsAt
    ? `until ${day(grant.endsAt)}`
    : grant.source === 'subscription'
      ? 'while the plan lasts'
      : 'for good';
  return `From ${from}, ${until}`;
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

export const ORDER_STATE_VIEWS: Record<OrderStateView, { label: string; tone: StateTone }> = {
  ORDERED: { label: 'Waiting', tone: 'waiting' },
  CLAIMED: { label: 'Claimed', tone: 'claimed' },
  PREPARING: { label: 'Cooking', tone: 'cooking' },
  READY: { label: 'Ready', tone: 'ready' },
  DELIVERED: { label: 'Delivered', tone: 'delivered' },
  REPORTED: { label: 'Reported', tone: 'reported' },
  DELIVERY_FAILED: { label: 'Delivery failed', tone: 'failed' },
  CANCELLED: { label: 'Cancelled', tone: 'cancelled' },
  DELETED: { label: 'Deleted', tone: 'deleted' },
};

/** The order a filter offers the views in: the life of an order. */
export const ORDER_STATE_VIEW_LIST = Object.keys(ORDER_STATE_VIEWS) as OrderStateView[];

export function orderStateView(order: Pick<OrderView, 'status' | 'report' | 'deliveryFailed'>): OrderStateView {
  if (order.report) return 'REPORTED';
  if (order.deliveryFailed) return 'DELIVERY_FAILED';
  return order.status;
}

/** The tag an order shows: label and class. */
export function orderTag(order: Pick<OrderView, 'status' | 'report' | 'deliveryFailed'>): {
  label: string;
  className: string;
} {
  const view = ORDER_STATE_VIEWS[orderStateView(order)];
  return { label: view.label, className: `vd-state-${view.tone}` };
}

/** A user's standing in admin lists. */
export const USER_STANDING = {
  active: { label: 'Active', className: 'vd-state-active' },
  banned: { label: 'Banned', className: 'vd-state-banned' },
} as const;

/** An appeal's status: words and tone (My Appeals, the Appeal Manager). */
export const APPEAL_STATUS_VIEWS: Record<'pending' | 'accepted' | 'denied', { label: string; tone: StateTone }> = {
  pending: { label: 'Pending', tone: 'waiting' },
  accepted: { label: 'Accepted', tone: 'delivered' },
  denied: { label: 'Denied', tone: 'failed' },
};

export function appealTag(status: 'pending' | 'accepted' | 'denied'): { label: string; className: string } {
  const view = APPEAL_STATUS_VIEWS[status];
  return { label: view.label, className: `vd-state-${view.tone}` };
}
/** A leave request's status (Take a Vacation, On Leave Requests): label and tag class. */
export const LEAVE_STATUS_VIEWS: Record<LeaveStatus, { label: string; className: string }> = {
  PENDING: { label: 'Pending', className: 'vd-state-waiting' },
  APPROVED: { label: 'Approved', className: 'vd-state-active' },
  DENIED: { label: 'Denied', className: 'vd-state-deleted' },
  CANCELLED: { label: 'Cancelled', className: 'vd-state-cancelled' },
};

/** Someone on leave today, as a tag beside their name. */
export const ON_LEAVE = { className: 'vd-state-leave' } as const;

/** §4: a recruitment application's status as shown: pending (info), 'On Hold' (warning), accepted (success), denied (danger), otherwise Unknown. */
export const APPLICATION_STATUS_VIEWS: Record<number, { label: string; tone: ApplicationTone }> = {
  0: { label: 'Pending', tone: 'info' },
  1: { label: 'On Hold', tone: 'warning' },
  2: { label: 'Accepted', tone: 'success' },
  3: { label: 'Denied', tone: 'danger' },
};

export function applicationTag(status: number): { label: string; className: string } {
  const view = APPLICATION_STATUS_VIEWS[status] ?? { label: 'Unknown', tone: 'unknown' };
  return { label: view.label, className: `vd-state-${view.tone}` };
}

/** The question types as the form builder names them. */
export const QUESTION_TYPE_LABELS: Record<string, string> = {
  short: 'Short text',
  paragraph: 'Paragraph',
  single: 'Single choice',
  multiple: 'Multiple choice',
  number: 'Number',
  yesno: 'Yes or no',
};
