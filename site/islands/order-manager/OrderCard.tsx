import type { OrderView, UserSummary } from '../../../plugins/orders/schemas.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { age, countdown, msUntil, orderTag } from '../../lib/kitchen.ts';

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
}

const nameOf = (user: UserSummary | null) => (user ? displayNameOf(user) : 'nobody');

export function OrderCard({ order, viewer, now, holding, busy, onAction }: Props) {
  const status = orderTag(order);
  const mineToHold = order.claimedBy?.id === viewer.id;
  const own = order.orderedBy.id === viewer.id;
  const claimLeft = now === null ? null : msUntil(order.claimExpiresAt, now);
  const cookLeft = order.status === 'PREPARING' && now !== null ? msUntil(order.readyAt, now) : null;
  const cookTotal =
    order.prepareStartedAt && order.readyAt ? Date.parse(order.readyAt) - Date.parse(order.prepareStartedAt) : null;
  const assignmentLeft = now === null ? null : msUntil(order.assignmentExpiresAt, now);
  const canDeliver =
    order.status === 'READY' &&
    (!order.assignedDriver || order.assignedDriver.id === viewer.id || viewer.isOrderManager);
  const canDelete = order.status === 'ORDERED' || (order.status === 'CLAIMED' && mineToHold) || viewer.isOrderManager;
  const claimRefusal = own
    ? 'You cannot claim your own order.'
    : holding
      ? `You already hold order ${holding.orderID}.`
      : undefined;
  const titleId = `order-${order.id}-title`;
  const claimReasonId = `order-${order.id}-claim-reason`;
  const showClaimReason = order.status === 'ORDERED' && claimRefusal !== undefined;

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
          <span className="is-sr-only">Order </span>#{order.orderID}
        </h3>
        <span className={`tag ${status.className}`}>{status.label}</span>
        {order.priority > 0 && <span className="tag vd-state-priority">Priority</span>}
        <span className="order-age">{now === null ? null : age(order.orderedAt, now)}</span>
      </header>
      <p className="order-item">{order.item}</p>
      <p className="order-meta">
        Ordered by <strong>{nameOf(order.orderedBy)}</strong>
        {order.mentions.length > 0 && <> for {order.mentions.map((m) => m.name).join(', ')}</>}
      </p>

      {order.status === 'CLAIMED' && (
        <p className="order-meta" data-claim-timer>
          Claimed by <strong>{mineToHold ? 'you' : nameOf(order.claimedBy)}</strong>
          {claimLeft !== null && (
            <>
              {' '}
              · back to the queue in <time>{countdown(claimLeft)}</time>
            </>
          )}
        </p>
      )}
      {order.status === 'PREPARING' && (
        <>
          <p className="order-meta">
            Cooked by <strong>{order.preparedBy?.id === viewer.id ? 'you' : nameOf(order.preparedBy)}</strong>
            {cookLeft !== null && (
              <>
                {' '}
                · ready in <time>{countdown(cookLeft)}</time>
              </>
            )}
          </p>
          {cookLeft !== null && cookTotal ? (
            <progress
              className="progress is-small is-primary"
              max={cookTotal}
              value={Math.min(cookTotal, cookTotal - Math.max(0, cookLeft))}
              aria-label="Cooking"
            />
          ) : null}
        </>
      )}
      {order.status === 'READY' && (
        <p className="order-meta">
          {order.assignedDriver ? (
            <>
              Driver: <strong>{order.assignedDriver.id === viewer.id ? 'you' : nameOf(order.assignedDriver)}</strong>
              {assignmentLeft !== null && (
                <>
                  {' '}
                  · passes on in <time>{countdown(assignmentLeft)}</time>
                </>
              )}
            </>
          ) : (
            <>Waiting for a driver</>
          )}
        </p>
      )}
      {(order.status === 'PREPARING' || order.status === 'READY') && order.images.length > 0 && (
        <div className="order-images">
          {order.images.map((src) => (
            <img key={src} src={src} alt={`Prepared ${order.item}`} width="64" height="64" loading="lazy" />
          ))}
        </div>
      )}
      {order.chefNote && (order.status === 'PREPARING' || order.status === 'READY') && (
        <p className="order-note">“{order.chefNote}”</p>
      )}

      <div className="buttons order-actions">
        {order.status === 'ORDERED' && (
          <button
            type="button"
            className="button is-primary is-small"
            disabled={busy || Boolean(claimRefusal)}
            title={claimRefusal}
            aria-describedby={showClaimReason ? claimReasonId : undefined}
            onClick={() => onAction('claim', order)}
          >
            Claim
          </button>
        )}
        {order.status === 'CLAIMED' && mineToHold && (
          <button
            type="button"
            className="button is-primary is-small"
            disabled={busy}
            onClick={() => onAction('prepare', order)}
          >
            Prepare
          </button>
        )}
        {order.status === 'CLAIMED' && (mineToHold || viewer.isOrderManager) && (
          <button type="button" className="button is-small" disabled={busy} onClick={() => onAction('unclaim', order)}>
            Unclaim
          </button>
        )}
        {canDeliver && (
          <button
            type="button"
            className="button is-success is-small"
            disabled={busy}
            onClick={() => onAction('deliver', order)}
          >
            Deliver
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className="button is-danger is-light is-small"
            disabled={busy}
            onClick={() => onAction('delete', order)}
          >
            Delete
          </button>
        )}
      </div>
      {/* A disabled action says why (docs/site-patterns.md): on hover, and as text everyone can read. */}
      {showClaimReason && (
        <p className="action-reason" id={claimReasonId}>
          {claimRefusal}
        </p>
      )}
    </article>
  );
}
