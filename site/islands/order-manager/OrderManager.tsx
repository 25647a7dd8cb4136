import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DeliveryQueueEntryView, OrderView } from '../../../plugins/orders/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { answerOf, client } from '../../lib/client.ts';
import {
  DEFAULT_ORDER_FILTER,
  deliveryOrders,
  heldBy,
  inQueue,
  kitchenOrders,
  nextToClaim,
  nextToDeliver,
} from '../../lib/kitchen.ts';
import { toast } from '../../lib/toast.ts';
import { $gatewayStatus, startGateway } from '../../stores/gateway.ts';
import { $deliveryQueue, $orders, putOrder, putQueueEntry, setOrders } from '../../stores/orders.ts';
import { orderFilter, soundEffects } from '../../stores/preferences.ts';
import { useAfterHydration } from '../use-after-hydration.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { DeliverDialog } from './DeliverDialog.tsx';
import { useNow } from './hooks.ts';
import { type OrderAction, OrderCard, type Viewer } from './OrderCard.tsx';
import { PrepareDialog } from './PrepareDialog.tsx';
import { chime } from './sound.ts';

interface Props {
  viewer: Viewer & { name: string; deliveryMessage: string | null };
  initialOrders: OrderView[];
  initialQueue: DeliveryQueueEntryView[];
}

type Dialog = { kind: 'prepare' | 'deliver' | 'delete'; order: OrderView } | null;

const STATUS_TEXT = {
  idle: 'Offline',
  connecting: 'Connecting…',
  connected: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Offline',
} as const;

/**
 * The order manager: the kitchen queue and the delivery queue side by side, live over the gateway. Keyboard:
 * C claims the next order, P prepares the one you hold, D delivers the next one for you, Q joins or leaves the
 * delivery queue.
 */
export default function OrderManager({ viewer, initialOrders, initialQueue }: Props) {
  // The server-rendered lists seed the stores once, before the first render, so the first paint has the orders.
  const [savedMessage, setSavedMessage] = useState(viewer.deliveryMessage);
  useState(() => {
    setOrders(initialOrders);
    $deliveryQueue.set(initialQueue);
    return true;
  });
  const ordersById = useStore($orders);
  const queue = useStore($deliveryQueue);
  const filter = useAfterHydration(orderFilter, DEFAULT_ORDER_FILTER);
  const sound = useAfterHydration(soundEffects, false);
  const status = useAfterHydration($gatewayStatus, 'idle');
  const now = useNow();
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const orders = useMemo(() => Object.values(ordersById), [ordersById]);
  const kitchen = useMemo(() => kitchenOrders(orders, filter, viewer.id), [orders, filter, viewer.id]);
  const delivery = useMemo(() => deliveryOrders(orders, filter, viewer.id), [orders, filter, viewer.id]);
  const holding = heldBy(orders, viewer.id);
  const queued = inQueue(queue, viewer.id);

  // Live: every order and queue event from the gateway; after a reconnect, reread both lists (events may be lost).
  useEffect(() => {
    const gateway = startGateway();
    const offs = [
      gateway.on('orderSent', (data) => {
        putOrder((data as { order: OrderView }).order);
        if (soundEffects.get()) chime();
      }),
      ...(['cancelOrder', 'orderDeleted', 'deliverOrder'] as const).map((t) =>
        gateway.on(t, (data) => putOrder((data as { order: OrderView }).order)),
      ),
      gateway.on('orderUpdated', (data) => {
        const { order } = data as { order: OrderView };
        putOrder(order);
        // The bot could post the delivery neither in the channel nor by DM: the driver hears it here.
        if (order.deliveryFailed && order.deliveredBy?.id === viewer.id) {
          toast(
            `The bot could not deliver #${order.orderID} to ${displayNameOf(order.orderedBy)}: their channel and DMs are closed to it.`,
            'is-warning',
            10_000,
          );
        }
      }),
      gateway.on('joinDeliveryQueue', (data) => putQueueEntry((data as { queue: DeliveryQueueEntryView }).queue, true)),
      gateway.on('leaveDeliveryQueue', (data) =>
        putQueueEntry((data as { queue: DeliveryQueueEntryView }).queue, false),
      ),
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
  }, [viewer.id]);

  const act = useCallback(async (action: OrderAction, order: OrderView) => {
    if (action === 'prepare' || action === 'deliver' || action === 'delete') {
      setDialog({ kind: action, order });
      return;
    }
    setBusy(order.id);
    try {
      const { order: updated } = await withMinimumDisplay(
        answerOf(
          client.POST(action === 'claim' ? '/api/client/orders/{id}/claim' : '/api/client/orders/{id}/unclaim', {
            params: { path: { id: order.id } },
          }),
        ),
      );
      putOrder(updated);
      toast(
        action === 'claim'
          ? `You claimed #${order.orderID}: prepare it before the timer runs out.`
          : `#${order.orderID} is back in the queue.`,
        'is-success',
      );
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

  // Keyboard shortcuts, ignored while typing or while a dialog is open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || dialog) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable], dialog')) return;
      const all = Object.values($orders.get());
      const key = event.key.toLowerCase();
      if (key === 'c') {
        const next = holding ? undefined : nextToClaim(all, viewer.id);
        if (next) void act('claim', next);
      } else if (key === 'p' && holding) setDialog({ kind: 'prepare', order: holding });
      else if (key === 'd') {
        const next = nextToDeliver(all, viewer.id);
        if (next) setDialog({ kind: 'deliver', order: next });
      } else if (key === 'q') void toggleQueue();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [act, dialog, holding, toggleQueue, viewer.id]);

  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(
    (message: string) => (order: OrderView) => {
      putOrder(order);
      setDialog(null);
      toast(message, 'is-success');
    },
    [],
  );

  return (
    <div className="order-manager">
      <div className="order-manager-toolbar">
        <span className={`tag is-medium gateway-status is-${status}`} role="status">
          {STATUS_TEXT[status]}
        </span>
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            aria-checked={sound}
            checked={sound}
            onChange={(e) => soundEffects.set(e.target.checked)}
          />{' '}
          Sound on new orders
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={filter.kitchenQueue.showOthers}
            onChange={(e) =>
              orderFilter.set({ ...filter, kitchenQueue: { ...filter.kitchenQueue, showOthers: e.target.checked } })
            }
          />{' '}
          Show other chefs' orders
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={filter.deliveryQueue.onlyMine}
            onChange={(e) =>
              orderFilter.set({ ...filter, deliveryQueue: { ...filter.deliveryQueue, onlyMine: e.target.checked } })
            }
          />{' '}
          Only deliveries for me
        </label>
        <span className="shortcuts-hint" title="C claim · P prepare · D deliver · Q join or leave the delivery queue">
          <kbd>C</kbd> claim · <kbd>P</kbd> prepare · <kbd>D</kbd> deliver · <kbd>Q</kbd> queue
        </span>
      </div>

      <div className="columns">
        <section className="column" aria-labelledby="kitchen-queue-title">
          <h2 className="title is-5" id="kitchen-queue-title">
            Kitchen queue <span className="tag is-rounded">{kitchen.length}</span>
          </h2>
          {kitchen.length === 0 && <p className="empty-queue">No orders waiting. The kitchen is quiet.</p>}
          <div className="order-list" data-queue="kitchen">
            {kitchen.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                viewer={viewer}
                now={now}
                holding={holding}
                busy={busy === order.id}
                onAction={act}
              />
            ))}
          </div>
        </section>

        <section className="column" aria-labelledby="delivery-queue-title">
          <h2 className="title is-5" id="delivery-queue-title">
            Delivery queue <span className="tag is-rounded">{delivery.length}</span>
          </h2>
          <div className="drivers box">
            <p>
              {queue.length === 0
                ? 'No drivers in the queue: ready orders wait for anyone who delivers.'
                : `Drivers in the queue: ${queue.map((e) => (e.userID === viewer.id ? 'you' : displayNameOf(e.user))).join(', ')}`}
            </p>
            <button
              type="button"
              className={`button is-small ${queued ? '' : 'is-link'}`}
              onClick={() => void toggleQueue()}
            >
              {queued ? 'Leave delivery queue' : 'Join delivery queue'}
            </button>
          </div>
          {delivery.length === 0 && <p className="empty-queue">Nothing ready for delivery yet.</p>}
          <div className="order-list" data-queue="delivery">
            {delivery.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                viewer={viewer}
                now={now}
                holding={holding}
                busy={busy === order.id}
                onAction={act}
              />
            ))}
          </div>
        </section>
      </div>

      <PrepareDialog
        order={dialog?.kind === 'prepare' ? dialog.order : null}
        onClose={close}
        onPrepared={done('Cooking! It goes out for delivery when it is ready.')}
      />
      <DeliverDialog
        order={dialog?.kind === 'deliver' ? dialog.order : null}
        deliveryMessage={savedMessage}
        driverName={viewer.name}
        driverId={viewer.id}
        onMessageSaved={setSavedMessage}
        onClose={close}
        onDelivered={done('Delivered. Thank you!')}
      />
      <DeleteDialog
        order={dialog?.kind === 'delete' ? dialog.order : null}
        onClose={close}
        onDeleted={done('Order deleted; the customer is told why.')}
      />
    </div>
  );
}

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
