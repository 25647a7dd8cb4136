import type { KitchenText, KitchenTextKey } from '../../i18n/kitchen/index.ts';
import type { GatewayStatus } from '../../lib/gateway-client.ts';
import type { OrderFilter } from '../../lib/kitchen.ts';
import { orderFilter, soundEffects } from '../../stores/preferences.ts';
import { Switch } from '../kit/Switch.tsx';
import { useHydrated } from '../kit/use-hydrated.ts';

const STATUS_TEXT = {
  idle: 'toolbar.offline',
  connecting: 'toolbar.connecting',
  connected: 'toolbar.live',
  reconnecting: 'toolbar.reconnecting',
  closed: 'toolbar.offline',
} as const satisfies Record<GatewayStatus, KitchenTextKey>;

interface Props {
  status: GatewayStatus;
  sound: boolean;
  filter: OrderFilter;
  t: KitchenText;
}

/** The order manager's toolbar: the live status, sound on new orders, the two list filters (usable once hydrated), the keys. */
export function Toolbar({ status, sound, filter, t }: Props) {
  const hydrated = useHydrated();
  return (
    <div className="order-manager-toolbar">
      <span className={`tag is-medium gateway-status is-${status}`} role="status">
        {t(STATUS_TEXT[status])}
      </span>
      <Switch disabled={!hydrated} checked={sound} onChange={(on) => soundEffects.set(on)}>
        {t('toolbar.sound')}
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
        {t('toolbar.showOthers')}
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
        {t('toolbar.onlyMine')}
      </label>
      <span className="shortcuts-hint" title={t('toolbar.keys')}>
        <kbd>C</kbd> {t('toolbar.claim')} · <kbd>P</kbd> {t('toolbar.prepare')} · <kbd>D</kbd> {t('toolbar.deliver')} ·{' '}
        <kbd>Q</kbd> {t('toolbar.queue')}
      </span>
    </div>
  );
}
