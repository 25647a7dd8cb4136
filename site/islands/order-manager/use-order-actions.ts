import { useCallback, useState } from 'react';
import type { OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { toast } from '../../lib/toast.ts';
import { putOrder, putQueueEntry } from '../../stores/orders.ts';
import type { OrderAction } from './OrderCard.tsx';

export type Dialog = { kind: 'prepare' | 'deliver' | 'delete'; order: OrderView } | null;

/** Claims an order or puts it back, and says so. */
async function claimOrUnclaim(action: 'claim' | 'unclaim', order: OrderView, t: KitchenText): Promise<void> {
  const path = action === 'claim' ? '/api/client/orders/{id}/claim' : '/api/client/orders/{id}/unclaim';
  const { order: updated } = await withMinimumDisplay(
    answerOf(client.POST(path, { params: { path: { id: order.id } } })),
  );
  putOrder(updated);
  toast(
    action === 'claim'
      ? t('toast.claimed', { orderID: order.orderID })
      : t('toast.unclaimed', { orderID: order.orderID }),
    'is-success',
  );
}

/**
 * What the order manager's buttons and keys do: claim and unclaim at once (the card busy meanwhile), prepare,
 * deliver and delete through their dialog, and join or leave the delivery queue.
 */
export function useOrderActions(queued: boolean, t: KitchenText) {
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const act = useCallback(
    async (action: OrderAction, order: OrderView) => {
      if (action === 'prepare' || action === 'deliver' || action === 'delete')
        return setDialog({ kind: action, order });
      setBusy(order.id);
      try {
        await claimOrUnclaim(action, order, t);
      } catch (error) {
        toast(errorMessage(error), 'is-danger');
      } finally {
        setBusy(null);
      }
    },
    [t],
  );

  const toggleQueue = useCallback(async () => {
    try {
      const { queue: entry } = await answerOf(
        queued
          ? client.DELETE('/api/client/orders/delivery-queue/leave')
          : client.POST('/api/client/orders/delivery-queue/join'),
      );
      putQueueEntry(entry, !queued);
      toast(queued ? t('toast.left') : t('toast.joined'), 'is-success');
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
    }
  }, [queued, t]);

  const close = useCallback(() => setDialog(null), []);
  /** A dialog's success: the order as it is now, the dialog closed, and the toast. */
  const done = useCallback(
    (message: string) => (order: OrderView) => {
      putOrder(order);
      setDialog(null);
      toast(message, 'is-success');
    },
    [],
  );
  return { busy, dialog, setDialog, act, toggleQueue, close, done };
}
