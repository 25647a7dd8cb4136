import type { ObjectiveProgressView } from '../../../plugins/objectives/schemas.ts';
import { achievementSections } from '../../lib/objectives.ts';
import { $gatewayStatus } from '../../stores/gateway.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useAfterHydration } from '../use-after-hydration.ts';
import { AchievementCard } from './AchievementCard.tsx';
import { useAchievements } from './use-achievements.ts';

interface Props {
  userId: string;
  objectives: ObjectiveProgressView[];
}

const STATUS_TEXT = { connected: 'Live', connecting: 'Connecting…', reconnecting: 'Connecting…' } as const;

/**
 * My Achievements: objectives with progress bars and what they pay, Claim when complete (a short celebration,
 * still under prefers-reduced-motion: the styles drop the movement), claimed ones with when. Live: the gateway's
 * objectiveCompleted (sent to this user only) reads the list again; so does a reconnect.
 */
export default function Achievements({ userId, objectives: initial }: Props) {
  const hydrated = useHydrated();
  const { objectives, claiming, celebrating, live, claim } = useAchievements(userId, initial);
  const status = useAfterHydration($gatewayStatus, 'idle');
  const { claimable, running, claimed } = achievementSections(objectives);
  const cards = (list: ObjectiveProgressView[]) => (
    <div className="achievement-grid">
      {list.map((o) => (
        <AchievementCard
          key={o._id}
          objective={o}
          claiming={claiming}
          hydrated={hydrated}
          celebrating={celebrating === o._id}
          onClaim={(o) => void claim(o)}
        />
      ))}
    </div>
  );

  return (
    <div className="achievements">
      <p className="block">
        <span className={status === 'connected' ? 'tag vd-state-active' : 'tag vd-tag'} role="status">
          {status in STATUS_TEXT ? STATUS_TEXT[status as keyof typeof STATUS_TEXT] : 'Offline'}
        </span>
      </p>
      <p className="is-sr-only" aria-live="polite">
        {live}
      </p>
      {claimable.length > 0 && (
        <section className="block" aria-labelledby="claimable-heading">
          <h2 className="title is-4" id="claimable-heading">
            Ready to claim
          </h2>
          {cards(claimable)}
        </section>
      )}
      <section className="block" aria-labelledby="running-heading">
        <h2 className="title is-4" id="running-heading">
          In progress
        </h2>
        {running.length ? cards(running) : <p>No objectives running for you right now. A manager sets new ones.</p>}
      </section>
      <section className="block" aria-labelledby="claimed-heading">
        <h2 className="title is-4" id="claimed-heading">
          Claimed
        </h2>
        {claimed.length ? cards(claimed) : <p>Nothing claimed yet.</p>}
      </section>
    </div>
  );
}
