import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { DeliveryQueueEntryView, OrderView } from '../../../plugins/orders/schemas.ts';
import type { KitchenTextKey } from '../../i18n/kitchen/index.ts';
import { DEFAULT_ORDER_FILTER, deliveryOrders, heldBy, inQueue, kitchenOrders } from '../../lib/kitchen.ts';
import type { OrderStateView } from '../../lib/labels.ts';
import type { RefusalWords } from '../../lib/refusal.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { $gatewayStatus } from '../../stores/gateway.ts';
import { $deliveryQueue, $orders, setOrders } from '../../stores/orders.ts';
import { orderFilter, soundEffects } from '../../stores/preferences.ts';
import { useTexts } from '../kit/use-texts.ts';
import { useAfterHydration } from '../use-after-hydration.ts';
import { DeliveryDrivers } from './DeliveryDrivers.tsx';
import { useNow } from './hooks.ts';
import type { Viewer } from './OrderCard.tsx';
import { OrderColumn } from './OrderColumn.tsx';
import { OrderDialogs } from './OrderDialogs.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useLiveOrders } from './use-live-orders.ts';
import { useOrderActions } from './use-order-actions.ts';
import { useShortcuts } from './use-shortcuts.ts';

interface Props {
  viewer: Viewer & { name: string; deliveryMessage: string | null };
  initialOrders: OrderView[];
  initialQueue: DeliveryQueueEntryView[];
  /** The kitchen's catalogue in the page's language: every part of the island words through it. */
  texts: BrowserTexts<KitchenTextKey>;
  /** Each state's name in the page's language (site.labels), for the cards' tags. */
  states: Readonly<Record<OrderStateView, string>>;
  /** A refusal's words in the page's language (`refusalWords`: the orders schemas', an image URL's problem). */
  refusalWords: RefusalWords;
}

/**
 * The order manager: the kitchen queue and the delivery queue side by side, live over the gateway. Keyboard:
 * C claims the next order, P prepares the one you hold, D delivers the next one for you, Q joins or leaves the
 * delivery queue.
 */
export default function OrderManager({ viewer, initialOrders, initialQueue, texts, states, refusalWords }: Props) {
  const t = useTexts(texts);
  // The server-rendered lists seed the stores once, before the first render, so the first paint has the orders.
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

  const orders = useMemo(() => Object.values(ordersById), [ordersById]);
  const kitchen = useMemo(() => kitchenOrders(orders, filter, viewer.id), [orders, filter, viewer.id]);
  const delivery = useMemo(() => deliveryOrders(orders, filter, viewer.id), [orders, filter, viewer.id]);
  const holding = heldBy(orders, viewer.id);
  const queued = inQueue(queue, viewer.id);

  useLiveOrders(viewer.id, t);
  const actions = useOrderActions(queued, t);
  useShortcuts({ viewerId: viewer.id, holding, openDialog: actions.setDialog, ...actions });
  const cards = { viewer, now, holding, busy: actions.busy, onAction: actions.act, t, states };

  return (
    <div className="order-manager">
      <Toolbar status={status} sound={sound} filter={filter} t={t} />
      <div className="columns">
        <OrderColumn
          queue="kitchen"
          title={t('column.kitchen')}
          empty={t('column.kitchenEmpty')}
          orders={kitchen}
          {...cards}
        />
        <OrderColumn
          queue="delivery"
          title={t('column.delivery')}
          empty={t('column.deliveryEmpty')}
          orders={delivery}
          {...cards}
        >
          <DeliveryDrivers queue={queue} viewerId={viewer.id} queued={queued} onToggle={actions.toggleQueue} t={t} />
        </OrderColumn>
      </div>
      <OrderDialogs
        dialog={actions.dialog}
        viewer={viewer}
        onClose={actions.close}
        done={actions.done}
        t={t}
        words={refusalWords}
      />
    </div>
  );
}
