import type { DeliveryQueueEntryView } from '../../../plugins/orders/schemas.ts';
import { displayNameOf } from '../../lib/avatar.ts';
import { useHydrated } from '../kit/use-hydrated.ts';

interface Props {
  queue: DeliveryQueueEntryView[];
  viewerId: string;
  /** The viewer is in the queue. */
  queued: boolean;
  onToggle: () => Promise<void>;
}

/** Who is in the delivery queue, and Join or Leave for the viewer. */
export function DeliveryDrivers({ queue, viewerId, queued, onToggle }: Props) {
  const hydrated = useHydrated();
  const names = queue.map((e) => (e.userID === viewerId ? 'you' : displayNameOf(e.user))).join(', ');
  return (
    <div className="drivers box">
      <p>
        {queue.length === 0
          ? 'No drivers in the queue: ready orders wait for anyone who delivers.'
          : `Drivers in the queue: ${names}`}
      </p>
      <button
        type="button"
        className={queued ? 'button is-small' : 'button is-small is-link'}
        disabled={!hydrated}
        onClick={() => void onToggle()}
      >
        {queued ? 'Leave delivery queue' : 'Join delivery queue'}
      </button>
    </div>
  );
}
