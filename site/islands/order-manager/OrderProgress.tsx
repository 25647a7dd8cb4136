import type { OrderView, UserSummary } from '../../../plugins/orders/schemas.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { countdown, msUntil } from '../../lib/kitchen.ts';

interface Props {
  order: OrderView;
  viewerId: string;
  /** null until the island runs in the browser: times are not rendered on the server (hooks.ts useNow). */
  now: number | null;
}

export const nameOf = (user: UserSummary | null) => (user ? displayNameOf(user) : 'nobody');

/** Where an order stands in the kitchen: who holds it and for how long, the cooking, the driver, its pictures and note. */
export function OrderProgress({ order, viewerId, now }: Props) {
  const mineToHold = order.claimedBy?.id === viewerId;
  const claimLeft = now === null ? null : msUntil(order.claimExpiresAt, now);
  const cookLeft = order.status === 'PREPARING' && now !== null ? msUntil(order.readyAt, now) : null;
  const cookTotal =
    order.prepareStartedAt && order.readyAt ? Date.parse(order.readyAt) - Date.parse(order.prepareStartedAt) : null;
  const assignmentLeft = now === null ? null : msUntil(order.assignmentExpiresAt, now);
  return (
    <>
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
            Cooked by <strong>{order.preparedBy?.id === viewerId ? 'you' : nameOf(order.preparedBy)}</strong>
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
              Driver: <strong>{order.assignedDriver.id === viewerId ? 'you' : nameOf(order.assignedDriver)}</strong>
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
    </>
  );
}
