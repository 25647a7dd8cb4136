import type { OrderView, UserSummary } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { countdown, msUntil } from '../../lib/kitchen.ts';

interface Props {
  order: OrderView;
  viewerId: string;
  /** null until the island runs in the browser: times are not rendered on the server (hooks.ts useNow). */
  now: number | null;
  t: KitchenText;
}

export const nameOf = (user: UserSummary | null, t: KitchenText) => (user ? displayNameOf(user) : t('who.nobody'));

/** Where an order stands in the kitchen: who holds it and for how long, the cooking, the driver, its pictures and note. */
export function OrderProgress({ order, viewerId, now, t }: Props) {
  const you = t('who.you');
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
          {t('progress.claimedBy')} <strong>{mineToHold ? you : nameOf(order.claimedBy, t)}</strong>
          {claimLeft !== null && (
            <>
              {' '}
              · {t('progress.backIn')} <time>{countdown(claimLeft)}</time>
            </>
          )}
        </p>
      )}
      {order.status === 'PREPARING' && (
        <>
          <p className="order-meta">
            {t('progress.cookedBy')}{' '}
            <strong>{order.preparedBy?.id === viewerId ? you : nameOf(order.preparedBy, t)}</strong>
            {cookLeft !== null && (
              <>
                {' '}
                · {t('progress.readyIn')} <time>{countdown(cookLeft)}</time>
              </>
            )}
          </p>
          {cookLeft !== null && cookTotal ? (
            <progress
              className="progress is-small is-primary"
              max={cookTotal}
              value={Math.min(cookTotal, cookTotal - Math.max(0, cookLeft))}
              aria-label={t('progress.cooking')}
            />
          ) : null}
        </>
      )}
      {order.status === 'READY' && (
        <p className="order-meta">
          {order.assignedDriver ? (
            <>
              {t('progress.driver')}{' '}
              <strong>{order.assignedDriver.id === viewerId ? you : nameOf(order.assignedDriver, t)}</strong>
              {assignmentLeft !== null && (
                <>
                  {' '}
                  · {t('progress.passesOn')} <time>{countdown(assignmentLeft)}</time>
                </>
              )}
            </>
          ) : (
            t('progress.waitingDriver')
          )}
        </p>
      )}
      {(order.status === 'PREPARING' || order.status === 'READY') && order.images.length > 0 && (
        <div className="order-images">
          {order.images.map((src) => (
            <img
              key={src}
              src={src}
              alt={t('picture.alt', { item: order.item })}
              width="64"
              height="64"
              loading="lazy"
            />
          ))}
        </div>
      )}
      {order.chefNote && (order.status === 'PREPARING' || order.status === 'READY') && (
        <p className="order-note">“{order.chefNote}”</p>
      )}
    </>
  );
}
