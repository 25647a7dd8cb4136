import type { OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { age, orderTag } from '../../lib/kitchen.ts';
import type { OrderStateView } from '../../lib/labels.ts';
import { OrderActions } from './OrderActions.tsx';
import { nameOf, OrderProgress } from './OrderProgress.tsx';

export interface Viewer {
  id: string;
  /** May act on anyone's order (MANAGE_ORDERS with VIEW_BACKLOG, or SUPER_ADMIN). */
  isOrderManager: boolean;
}

export type OrderAction = 'claim' | 'unclaim' | 'prepare' | 'deliver' | 'delete';

interface Props {
  order: OrderView;
  viewer: Viewer;
  /** null until the island runs in the browser: times are not rendered on the server (hooks.ts useNow). */
  now: number | null;
  /** The order this chef holds, if any: a second claim is refused. */
  holding: OrderView | undefined;
  busy: boolean;
  onAction: (action: OrderAction, order: OrderView) => void;
  t: KitchenText;
  /** Each state's name in the page's language (site.labels). */
  states: Readonly<Record<OrderStateView, string>>;
}

/** One order as the kitchen sees it: its code, state, age and customer, where it stands, and what can be done. */
export function OrderCard({ order, viewer, now, holding, busy, onAction, t, states }: Props) {
  const status = orderTag(order);
  const mineToHold = order.claimedBy?.id === viewer.id;
  const titleId = `order-${order.id}-title`;

  return (
    <article
      className={`order-card box${mineToHold ? ' is-mine' : ''}`}
      aria-labelledby={titleId}
      aria-busy={busy}
      data-order-id={order.orderID}
      data-status={order.status}
    >
      <header className="order-card-head">
        <h3 className="order-code" id={titleId}>
          <span className="is-sr-only">{t('card.order')} </span>#{order.orderID}
        </h3>
        <span className={`tag ${status.className}`}>{states[status.view]}</span>
        {order.priority > 0 && <span className="tag vd-state-priority">{t('card.priority')}</span>}
        <span className="order-age">{now === null ? null : age(order.orderedAt, now, t)}</span>
      </header>
      <p className="order-item">{order.item}</p>
      <p className="order-meta">
        {t('card.orderedBy')} <strong>{nameOf(order.orderedBy, t)}</strong>
        {order.mentions.length > 0 && <> {t('card.for', { names: order.mentions.map((m) => m.name).join(', ') })}</>}
      </p>

      <OrderProgress order={order} viewerId={viewer.id} now={now} t={t} />
      <OrderActions order={order} viewer={viewer} holding={holding} busy={busy} onAction={onAction} t={t} />
    </article>
  );
}
