import { useEffect, useId, useState, type FormEvent } from 'react';
import { MAX_REASON_LENGTH, type OrderView } from '../../../plugins/orders/schemas.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { useModal } from './hooks.ts';

interface Props {
  order: OrderView | null;
  onClose: () => void;
  onDeleted: (order: OrderView) => void;
}

/** Delete an order with the reason its customer is told. */
export function DeleteDialog({ order, onClose, onDeleted }: Props) {
  const ref = useModal(order !== null, onClose);
  const ids = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setReason('');
    setError('');
  }, [order]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    if (!reason.trim()) {
      setError('Tell the customer why.');
      return;
    }
    setSaving(true);
    try {
      const { order: deleted } = await api<{ order: OrderView }>('DELETE', `/api/client/orders/${order.id}/delete`, { reason: reason.trim() });
      onDeleted(deleted);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Unknown error has occurred');
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog ref={ref} className="kitchen-dialog box" aria-labelledby={`${ids}-title`}>
      {order && (
        <form onSubmit={submit} noValidate>
          <h2 className="title is-4" id={`${ids}-title`}>
            Delete #{order.orderID}
          </h2>
          <p className="order-item">{order.item}</p>
          <div className="field">
            <label className="label" htmlFor={`${ids}-reason`}>Reason (the customer is told)</label>
            <textarea className="textarea" id={`${ids}-reason`} rows={2} maxLength={MAX_REASON_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <p className="help is-danger" role="alert">{error}</p>
          <div className="buttons is-right">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={`button is-danger${saving ? ' is-loading' : ''}`}>
              Delete order
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
