import type { ReactNode } from 'react';
import type { OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import type { OrderStateView } from '../../lib/labels.ts';
import { type OrderAction, OrderCard, type Viewer } from './OrderCard.tsx';

interface Props {
  queue: 'kitchen' | 'delivery';
  title: string;
  /** What the column says when it has no order. */
  empty: string;
  orders: OrderView[];
  viewer: Viewer;
  now: number | null;
  holding: OrderView | undefined;
  busy: string | null;
  onAction: (action: OrderAction, order: OrderView) => Promise<void>;
  t: KitchenText;
  states: Readonly<Record<OrderStateView, string>>;
  /** What sits between the title and the cards (the delivery queue's drivers). */
  children?: ReactNode;
}

/** One of the order manager's two columns: its title and count, and its orders as cards. */
export function OrderColumn({ queue, title, empty, orders, children, busy, ...card }: Props) {
  const titleId = `${queue}-queue-title`;
  return (
    <section className="column" aria-labelledby={titleId}>
      <h2 className="title is-5" id={titleId}>
        {title} <span className="tag is-rounded">{orders.length}</span>
      </h2>
      {children}
      {orders.length === 0 && <p className="empty-queue">{empty}</p>}
      <div className="order-list" data-queue={queue}>
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} busy={busy === order.id} {...card} />
        ))}
      </div>
    </section>
  );
}
