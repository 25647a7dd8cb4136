import type { GatewayStatus } from '../../lib/gateway-client.ts';
import type { OrderFilter } from '../../lib/kitchen.ts';
import { orderFilter, soundEffects } from '../../stores/preferences.ts';
import { Switch } from '../kit/Switch.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';

const STATUS_TEXT = {
  idle: 'Offline',
  connecting: 'Connecting…',
  connected: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Offline',
} as const;

interface Props {
  status: GatewayStatus;
  sound: boolean;
  filter: OrderFilter;
}

/** The order manager's toolbar: the live status, sound on new orders, the two list filters (usable once hydrated), the keys. */
export function Toolbar({ status, sound, filter }: Props) {
  const hydrated = useHydrated();
  return (
    <div className="order-manager-toolbar">
      <span className={`tag is-medium gateway-status is-${status}`} role="status">
        {STATUS_TEXT[status]}
      </span>
      <Switch disabled={!hydrated} checked={sound} onChange={(on) => soundEffects.set(on)}>
        Sound on new orders
      </Switch>
      <label className="checkbox">
        <input
          type="checkbox"
          disabled={!hydrated}
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
          disabled={!hydrated}
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
  );
}
