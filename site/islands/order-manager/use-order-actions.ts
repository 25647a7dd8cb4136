import { useCallback, useState } from 'react';
import type { OrderView } from '../../../plugins/orders/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { toast } from '../../lib/toast.ts';
import { putOrder, putQueueEntry } from '../../stores/orders.ts';
import type { OrderAction } from './OrderCard.tsx';

export type Dialog = { kind: 'prepare' | 'deliver' | 'delete'; order: OrderView } | null;

/** Claims an order or puts it back, and says so. */
async function claimOrUnclaim(action: 'claim' | 'unclaim', order: OrderView): Promise<void> {
  const path = action === 'claim' ? '/api/client/orders/{id}/claim' : '/api/client/orders/{id}/unclaim';
  const { order: updated } = await withMinimumDisplay(
    answerOf(client.POST(path, { params: { path: { id: order.id } } })),
  );
  putOrder(updated);
  toast(
    action === 'claim'
      ? `You claimed #${order.orderID}: prepare it before the timer runs out.`
      : `#${order.orderID} is back in the queue.`,
    'is-success',
  );
}

/**
 * What the order manager's buttons and keys do: claim and unclaim at once (the card busy meanwhile), prepare,
 * deliver and delete through their dialog, and join or leave the delivery queue.
 */
export function useOrderActions(queued: boolean) {
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const act = useCallback(async (action: OrderAction, order: OrderView) => {
    if (action === 'prepare' || action === 'deliver' || action === 'delete') return setDialog({ kind: action, order });
    setBusy(order.id);
    try {
      await claimOrUnclaim(action, order);
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
    } finally {
      setBusy(null);
    }
  }, []);

  const toggleQueue = useCallback(async () => {
    try {
      const { queue: entry } = await answerOf(
        queued
          ? client.DELETE('/api/client/orders/delivery-queue/leave')
          : client.POST('/api/client/orders/delivery-queue/join'),
      );
      putQueueEntry(entry, !queued);
      toast(
        queued ? 'You left the delivery queue.' : 'You joined the delivery queue: ready orders come to you in turn.',
        'is-success',
      );
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
    }
  }, [queued]);

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
