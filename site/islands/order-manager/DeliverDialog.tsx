import { useId } from 'react';
import { MAX_REASON_LENGTH, type OrderView } from '../../../plugins/orders/schemas.ts';
import { DEFAULT_DELIVERY_MESSAGE, fillDeliveryMessage } from '../../../plugins/users/schemas.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { Switch } from '../kit/Switch.tsx';
import { KitchenDialog } from './KitchenDialog.tsx';
import { PremadePicker } from './PremadePicker.tsx';
import { useDeliver } from './use-deliver.ts';

interface Props {
  order: OrderView | null;
  /** The driver's own delivery message (profile), or null for the default. */
  deliveryMessage: string | null;
  driverName: string;
  driverId: string;
  /** A premade message became the driver's saved message (they delivered with it). */
  onMessageSaved: (message: string) => void;
  onClose: () => void;
  onDelivered: (order: OrderView) => void;
}

/**
 * Deliver: preview what the bot will post, with the driver's saved message or one picked from the premade message
 * directory (which becomes their saved message: the bot reads it when the order is delivered), or report the order
 * (troll or invalid) with a reason instead.
 */
export function DeliverDialog({
  order,
  deliveryMessage,
  driverName,
  driverId,
  onMessageSaved,
  onClose,
  onDelivered,
}: Props) {
  const reasonId = useId();
  const deliver = useDeliver({ order, driverId, onMessageSaved, onDelivered });
  const { report, setReport, reason, setReason, error, saving, picked, setPicked, submit } = deliver;

  const preview = order
    ? fillDeliveryMessage(picked?.message ?? deliveryMessage ?? DEFAULT_DELIVERY_MESSAGE, {
        customer: `@${displayNameOf(order.orderedBy)}`,
        chef: order.preparedBy ? displayNameOf(order.preparedBy) : 'the kitchen',
        driver: driverName,
        item: order.item,
        orderID: order.orderID,
      })
    : '';

  return (
    <KitchenDialog
      open={order !== null}
      title={`Deliver #${order?.orderID ?? ''}`}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={saving}
      submitLabel={report ? 'Report order' : 'Deliver'}
      submitClass={report ? 'is-danger' : 'is-success'}
    >
      {order && !report && (
        <>
          <p className="label">The bot will post</p>
          <blockquote className="delivery-preview">
            <p>{preview}</p>
            {order.images.length > 0 && (
              <div className="order-images">
                {order.images.map((src) => (
                  <img key={src} src={src} alt={`Prepared ${order.item}`} width="64" height="64" />
                ))}
              </div>
            )}
          </blockquote>
          <p className="help">
            {picked
              ? `“${picked.title}”, from the directory: it becomes your delivery message.`
              : deliveryMessage
                ? 'Your delivery message, from your profile.'
                : 'The default message: set your own on your profile.'}
          </p>
          <PremadePicker saved={deliveryMessage} picked={picked} onPick={setPicked} />
        </>
      )}
      <div className="field">
        <Switch checked={report} onChange={setReport}>
          Report this order instead (troll or invalid)
        </Switch>
      </div>
      {report && (
        <div className="field">
          <label className="label" htmlFor={reasonId}>
            Reason
          </label>
          <textarea
            className="textarea"
            id={reasonId}
            rows={2}
            maxLength={MAX_REASON_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
    </KitchenDialog>
  );
}
