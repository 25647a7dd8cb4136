import { useEffect, useId, useState, type FormEvent } from 'react';
import { MAX_REASON_LENGTH, type OrderView } from '../../../plugins/orders/schemas.ts';
import { DEFAULT_DELIVERY_MESSAGE, fillDeliveryMessage } from '../../../plugins/users/schemas.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { useModal } from './hooks.ts';

interface Props {
  order: OrderView | null;
  /** The driver's own delivery message (profile), or null for the default. */
  deliveryMessage: string | null;
  driverName: string;
  onClose: () => void;
  onDelivered: (order: OrderView) => void;
}

const messageOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : 'Unknown error has occurred');

/** Deliver: preview what the bot will post, or report the order (troll or invalid) with a reason instead. */
export function DeliverDialog({ order, deliveryMessage, driverName, onClose, onDelivered }: Props) {
  const ref = useModal(order !== null, onClose);
  const ids = useId();
  const [report, setReport] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setReport(false);
    setReason('');
    setError('');
  }, [order]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    if (report && !reason.trim()) {
      setError('A report needs a reason.');
      return;
    }
    setSaving(true);
    try {
      const body = report ? { report: true, reportReason: reason.trim() } : { report: false };
      const { order: delivered } = await api<{ order: OrderView }>('POST', `/api/client/orders/${order.id}/deliver`, body);
      onDelivered(delivered);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setSaving(false);
    }
  };

  const preview = order
    ? fillDeliveryMessage(deliveryMessage ?? DEFAULT_DELIVERY_MESSAGE, {
        customer: `@${order.orderedBy.displayName || order.orderedBy.username}`,
        chef: order.preparedBy ? order.preparedBy.displayName || order.preparedBy.username : 'the kitchen',
        driver: driverName,
        item: order.item,
        orderID: order.orderID,
      })
    : '';

  return (
    <dialog ref={ref} className="kitchen-dialog box" aria-labelledby={`${ids}-title`}>
      {order && (
        <form onSubmit={submit} noValidate>
          <h2 className="title is-4" id={`${ids}-title`}>
            Deliver #{order.orderID}
          </h2>
          {!report && (
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
                {deliveryMessage ? 'Your delivery message, from your profile.' : 'The default message: set your own on your profile.'}
              </p>
            </>
          )}
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" role="switch" checked={report} onChange={(e) => setReport(e.target.checked)} /> Report this order instead (troll or invalid)
            </label>
          </div>
          {report && (
            <div className="field">
              <label className="label" htmlFor={`${ids}-reason`}>Reason</label>
              <textarea className="textarea" id={`${ids}-reason`} rows={2} maxLength={MAX_REASON_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
          )}
          <p className="help is-danger" role="alert">{error}</p>
          <div className="buttons is-right">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={`button ${report ? 'is-danger' : 'is-success'}${saving ? ' is-loading' : ''}`}>
              {report ? 'Report order' : 'Deliver'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
