import { useEffect, useId, useState } from 'react';
import { MAX_REASON_LENGTH, type OrderView } from '../../../plugins/orders/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { KitchenDialog } from './KitchenDialog.tsx';

/** What the dialog shows of the order it deletes. */
export type DeletableOrder = Pick<OrderView, 'id' | 'orderID' | 'item'>;

interface Props {
  order: DeletableOrder | null;
  onClose: () => void;
  onDeleted: (order: OrderView) => void;
}

/** Delete an order with the reason its customer is told. */
export function DeleteDialog({ order, onClose, onDeleted }: Props) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  // A fresh form for each order the dialog opens on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `order` is what the reset follows, not what it reads
  useEffect(() => {
    setReason('');
    setError('');
  }, [order]);

  const submit = async () => {
    if (!order) return;
    if (!reason.trim()) {
      setError('Tell the customer why.');
      return;
    }
    setSaving(true);
    try {
      const { order: deleted } = await withMinimumDisplay(
        answerOf(
          client.DELETE('/api/client/orders/{id}/delete', {
            params: { path: { id: order.id } },
            body: { reason: reason.trim() },
          }),
        ),
      );
      onDeleted(deleted);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <KitchenDialog
      open={order !== null}
      title={`Delete #${order?.orderID ?? ''}`}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={saving}
      submitLabel="Delete order"
      submitClass="is-danger"
    >
      <p className="order-item">{order?.item}</p>
      <div className="field">
        <label className="label" htmlFor={reasonId}>
          Reason (the customer is told)
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
    </KitchenDialog>
  );
}
