import { useEffect, useState } from 'react';
import { DeliverBodySchema, type OrderView } from '../../../plugins/orders/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { type RefusalWords, refusalOf } from '../../lib/refusal.ts';
import type { PickedMessage } from './PremadePicker.tsx';

interface Deliver {
  order: OrderView | null;
  driverId: string;
  onMessageSaved: (message: string) => void;
  onDelivered: (order: OrderView) => void;
  /** A refusal's words in the page's language (`refusalWords`). */
  words: RefusalWords;
}

/**
 * Deliver's state: a report (with its reason) instead of a delivery, the premade message picked (saved as the
 * driver's own first, since the bot reads it when the order is delivered), the dialog's error line, and Deliver.
 * What Deliver sends is checked first with the route's own schema (a report needs a reason): a refusal is the
 * server's message on the error line, and nothing is sent, the premade message neither. A fresh form for each order
 * the dialog opens on.
 */
export function useDeliver({ order, driverId, onMessageSaved, onDelivered, words }: Deliver) {
  const [report, setReport] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState<PickedMessage | null>(null);

  // A fresh form for each order the dialog opens on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `order` is what the reset follows, not what it reads
  useEffect(() => {
    setPicked(null);
    setReport(false);
    setReason('');
    setError('');
  }, [order]);

  const submit = async () => {
    if (!order) return;
    const body = report ? { report: true, reportReason: reason.trim() } : { report: false };
    const refusal = refusalOf(DeliverBodySchema, body, {}, 'body', words);
    if (refusal) return setError(refusal.message);
    setSaving(true);
    try {
      if (!report && picked) {
        const saved = await answerOf(
          client.PATCH('/api/client/users/{id}/premade-messages', {
            params: { path: { id: driverId } },
            body: { deliveryMessage: picked.slug },
          }),
        );
        onMessageSaved(saved.deliveryMessage);
        setPicked(null);
      }
      const { order: delivered } = await withMinimumDisplay(
        answerOf(client.POST('/api/client/orders/{id}/deliver', { params: { path: { id: order.id } }, body })),
      );
      onDelivered(delivered);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return { report, setReport, reason, setReason, error, saving, picked, setPicked, submit };
}
