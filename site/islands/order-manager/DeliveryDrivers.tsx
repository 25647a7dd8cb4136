import type { DeliveryQueueEntryView } from '../../../plugins/orders/schemas.ts';
import type { KitchenText } from '../../i18n/kitchen/index.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

interface Props {
  queue: DeliveryQueueEntryView[];
  viewerId: string;
  /** The viewer is in the queue. */
  queued: boolean;
  onToggle: () => Promise<void>;
  t: KitchenText;
}

/** Who is in the delivery queue, and Join or Leave for the viewer. */
export function DeliveryDrivers({ queue, viewerId, queued, onToggle, t }: Props) {
  const hydrated = useHydrated();
  const names = queue.map((e) => (e.userID === viewerId ? t('who.you') : displayNameOf(e.user))).join(', ');
  return (
    <div className="drivers box">
      <p>{queue.length === 0 ? t('drivers.none') : t('drivers.list', { names })}</p>
      <button
        type="button"
        className={queued ? 'button is-small' : 'button is-small is-link'}
        disabled={!hydrated}
        onClick={() => void onToggle()}
      >
        {queued ? t('drivers.leave') : t('drivers.join')}
      </button>
    </div>
  );
}
