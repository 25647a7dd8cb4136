import { useEffect, useState } from 'react';
import type { DeliveryDefault } from '../../../plugins/discord/schemas.ts';
import { DEFAULT_DELIVERY_MESSAGE } from '../../../plugins/users/schemas.ts';
import { answerOf, client } from '../../lib/client.ts';

/**
 * What the bot writes where it does not know a server's language: English. The preview shows it when the server's
 * words cannot be had (the call failed).
 */
const ENGLISH: DeliveryDefault = { locale: 'en', message: DEFAULT_DELIVERY_MESSAGE, theKitchen: 'the kitchen' };

/**
 * The bot's default delivery words for the order the deliver dialog is open on, in the language it will post them in
 * (its server's, as the discord plugin knows it: GET …/delivery-default), asked once each time the dialog opens on an
 * order. `loading` until they come; English if they cannot be had.
 */
export function useDeliveryDefault(orderId: string | null): { words: DeliveryDefault; loading: boolean } {
  const [answer, setAnswer] = useState<{ orderId: string; words: DeliveryDefault } | null>(null);

  useEffect(() => {
    if (!orderId) {
      setAnswer(null);
      return;
    }
    let cancelled = false;
    const settle = (words: DeliveryDefault) => {
      if (!cancelled) setAnswer({ orderId, words });
    };
    answerOf(client.GET('/api/client/orders/{id}/delivery-default', { params: { path: { id: orderId } } })).then(
      settle,
      () => settle(ENGLISH),
    );
    return () => {
      cancelled = true;
    };
  }, [orderId]);

  const current = answer && answer.orderId === orderId ? answer.words : null;
  return { words: current ?? ENGLISH, loading: orderId !== null && current === null };
}
