import { useEffect } from 'react';
import type { DeliveryQueueEntryView, OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { answerOf, client } from '../../lib/client.ts';
import { toast } from '../../lib/toast.ts';
import { $gatewayStatus, startGateway } from '../../stores/gateway.ts';
import { $deliveryQueue, putOrder, putQueueEntry, setOrders } from '../../stores/orders.ts';
import { soundEffects } from '../../stores/preferences.ts';
import { chime } from './sound.ts';

/** Both lists read again: after a reconnect, since events may have been lost meanwhile. */
async function resync(): Promise<void> {
  try {
    const [{ orders }, { queue }] = await Promise.all([
      answerOf(client.GET('/api/client/orders')),
      answerOf(client.GET('/api/client/orders/delivery-queue')),
    ]);
    setOrders(orders);
    $deliveryQueue.set(queue);
  } catch {
    // The next event or reconnect tries again.
  }
}

/** An updated order; the bot could post the delivery neither in the channel nor by DM: the driver hears it here. */
function updated(order: OrderView, viewerId: string, t: KitchenText): void {
  putOrder(order);
  if (order.deliveryFailed && order.deliveredBy?.id === viewerId) {
    toast(
      t('toast.undeliverable', { orderID: order.orderID, customer: displayNameOf(order.orderedBy) }),
      'is-warning',
      10_000,
    );
  }
}

/**
 * The order manager's lists, live: every order and queue event from the gateway goes into the stores (a new order
 * chimes when sounds are on); after a reconnect both lists are read again.
 */
export function useLiveOrders(viewerId: string, t: KitchenText): void {
  useEffect(() => {
    const gateway = startGateway();
    const order = (data: unknown) => (data as { order: OrderView }).order;
    const entry = (data: unknown) => (data as { queue: DeliveryQueueEntryView }).queue;
    const offs = [
      gateway.on('orderSent', (data) => {
        putOrder(order(data));
        if (soundEffects.get()) chime();
      }),
      ...(['cancelOrder', 'orderDeleted', 'deliverOrder'] as const).map((t) =>
        gateway.on(t, (data) => putOrder(order(data))),
      ),
      gateway.on('orderUpdated', (data) => updated(order(data), viewerId, t)),
      gateway.on('joinDeliveryQueue', (data) => putQueueEntry(entry(data), true)),
      gateway.on('leaveDeliveryQueue', (data) => putQueueEntry(entry(data), false)),
    ];
    let wasConnected = false;
    const offStatus = $gatewayStatus.subscribe((s) => {
      if (s === 'connected' && wasConnected) void resync();
      if (s === 'connected') wasConnected = true;
    });
    return () => {
      for (const off of offs) off();
      offStatus();
    };
  }, [viewerId, t]);
}
