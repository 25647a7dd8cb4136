import { useEffect, useState } from 'react';
import { answerOf, client } from '../../lib/client.ts';
import { type KitchenNow, kitchenNow } from '../../lib/dashboard.ts';
import { startGateway } from '../../stores/gateway.ts';

/** The events after which the kitchen's figures may have changed. */
const KITCHEN_EVENTS = [
  'orderSent',
  'orderUpdated',
  'cancelOrder',
  'orderDeleted',
  'deliverOrder',
  'joinDeliveryQueue',
  'leaveDeliveryQueue',
] as const;

/** How long a burst of events is gathered before the lists are read again. */
const REFRESH_DELAY_MS = 500;

export type KitchenFigures = Omit<KitchenNow, 'mine'>;

/**
 * The kitchen's figures, live: any order or queue event reads both lists again (at most every 500 ms) and recounts.
 * `initial` is what the server rendered.
 */
export function useKitchenNow(initial: KitchenFigures): KitchenFigures {
  const [figures, setFigures] = useState(initial);
  useEffect(() => {
    const gateway = startGateway();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const [{ orders }, { queue }] = await Promise.all([
        answerOf(client.GET('/api/client/orders')),
        answerOf(client.GET('/api/client/orders/delivery-queue')),
      ]);
      setFigures(kitchenNow(orders, queue, gateway.userId ?? ''));
    };
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void read().catch(() => undefined), REFRESH_DELAY_MS);
    };
    const offs = KITCHEN_EVENTS.map((event) => gateway.on(event, refresh));
    return () => {
      clearTimeout(timer);
      for (const off of offs) off();
    };
  }, []);
  return figures;
}
