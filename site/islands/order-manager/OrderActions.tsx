import type { OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import type { OrderAction, Viewer } from './OrderCard.tsx';

interface Props {
  order: OrderView;
  viewer: Viewer;
  /** The order this chef holds, if any: a second claim is refused. */
  holding: OrderView | undefined;
  busy: boolean;
  onAction: (action: OrderAction, order: OrderView) => void;
  t: KitchenText;
}

/**
 * What the viewer may do with an order now (claim, prepare, unclaim, deliver, delete), each disabled until the
 * island is interactive and while a call on the order runs; a refused claim says why.
 */
export function OrderActions({ order, viewer, holding, busy: running, onAction, t }: Props) {
  const hydrated = useHydrated();
  const busy = running || !hydrated;
  const mineToHold = order.claimedBy?.id === viewer.id;
  const own = order.orderedBy.id === viewer.id;
  const canDeliver =
    order.status === 'READY' &&
    (!order.assignedDriver || order.assignedDriver.id === viewer.id || viewer.isOrderManager);
  const canDelete = order.status === 'ORDERED' || (order.status === 'CLAIMED' && mineToHold) || viewer.isOrderManager;
  const claimRefusal = own
    ? t('actions.ownOrder')
    : holding
      ? t('actions.holding', { orderID: holding.orderID })
      : undefined;
  const claimReasonId = `order-${order.id}-claim-reason`;
  const showClaimReason = order.status === 'ORDERED' && claimRefusal !== undefined;
  return (
    <>
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
            {t('actions.claim')}
          </button>
        )}
        {order.status === 'CLAIMED' && mineToHold && (
          <button
            type="button"
            className="button is-primary is-small"
            disabled={busy}
            onClick={() => onAction('prepare', order)}
          >
            {t('actions.prepare')}
          </button>
        )}
        {order.status === 'CLAIMED' && (mineToHold || viewer.isOrderManager) && (
          <button type="button" className="button is-small" disabled={busy} onClick={() => onAction('unclaim', order)}>
            {t('actions.unclaim')}
          </button>
        )}
        {canDeliver && (
          <button
            type="button"
            className="button is-success is-small"
            disabled={busy}
            onClick={() => onAction('deliver', order)}
          >
            {t('actions.deliver')}
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className="button is-danger is-light is-small"
            disabled={busy}
            onClick={() => onAction('delete', order)}
          >
            {t('actions.delete')}
          </button>
        )}
      </div>
      {/* A disabled action says why (docs/site-patterns.md): on hover, and as text everyone can read. */}
      {showClaimReason && (
        <p className="action-reason" id={claimReasonId}>
          {claimRefusal}
        </p>
      )}
    </>
  );
}
