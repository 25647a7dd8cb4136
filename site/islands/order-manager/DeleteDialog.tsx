import { useEffect, useId, useState } from 'react';
import { MAX_REASON_LENGTH, type OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { KitchenDialog } from './KitchenDialog.tsx';

/** What the dialog shows of the order it deletes. */
export type DeletableOrder = Pick<OrderView, 'id' | 'orderID' | 'item'>;

interface Props {
  order: DeletableOrder | null;
  onClose: () => void;
  onDeleted: (order: OrderView) => void;
  /** The kitchen's words (its catalogue, in the page's language). */
  t: KitchenText;
}

/** Delete an order with the reason its customer is told. */
export function DeleteDialog({ order, onClose, onDeleted, t }: Props) {
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
      setError(t('delete.why'));
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
      title={t('delete.title', { orderID: order?.orderID ?? '' })}
      onClose={onClose}
      onSubmit={() => void submit()}
      error={error}
      saving={saving}
      submitLabel={t('delete.submit')}
      submitClass="is-danger"
      t={t}
    >
      <p className="order-item">{order?.item}</p>
      <div className="field">
        <label className="label" htmlFor={reasonId}>
          {t('delete.reason')}
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
