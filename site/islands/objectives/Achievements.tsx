import { useMemo } from 'react';
import type { ObjectiveProgressView } from '../../../plugins/objectives/schemas.ts';
import type { ObjectivesTextKey } from '../../i18n/objectives/index.ts';
import { achievementSections, momentWriter } from '../../lib/objectives.ts';
import type { BrowserTexts } from '../../lib/texts.ts';
import { $gatewayStatus } from '../../stores/gateway.ts';
import { useHydrated } from '../kit/use-hydrated.ts';
import { useTexts } from '../kit/use-texts.ts';
import { useAfterHydration } from '../use-after-hydration.ts';
import { AchievementCard } from './AchievementCard.tsx';
import type { PerkNames } from './achievement-words.ts';
import { useAchievements } from './use-achievements.ts';

interface Props {
  userId: string;
  objectives: ObjectiveProgressView[];
  /** My Achievements' catalogue in the page's language. */
  texts: BrowserTexts<ObjectivesTextKey>;
  /** Each perk's name in the page's language (site.labels), for rewards that grant one. */
  perks: PerkNames;
}

const STATUS_TEXT = {
  connected: 'status.live',
  connecting: 'status.connecting',
  reconnecting: 'status.connecting',
} as const satisfies Record<string, ObjectivesTextKey>;

/**
 * My Achievements: objectives with progress bars and what they pay, Claim when complete (a short celebration,
 * still under prefers-reduced-motion: the styles drop the movement), claimed ones with when. Live: the gateway's
 * objectiveCompleted (sent to this user only) reads the list again; so does a reconnect.
 */
export default function Achievements({ userId, objectives: initial, texts, perks }: Props) {
  const t = useTexts(texts);
  const moment = useMemo(() => momentWriter(texts.locale), [texts.locale]);
  const hydrated = useHydrated();
  const { objectives, claiming, celebrating, live, claim } = useAchievements(userId, initial, t, perks);
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
          t={t}
          perks={perks}
          moment={moment}
        />
      ))}
    </div>
  );

  return (
    <div className="achievements">
      <p className="block">
        <span className={status === 'connected' ? 'tag vd-state-active' : 'tag vd-tag'} role="status">
          {t(status in STATUS_TEXT ? STATUS_TEXT[status as keyof typeof STATUS_TEXT] : 'status.offline')}
        </span>
      </p>
      <p className="is-sr-only" aria-live="polite">
        {live}
      </p>
      {claimable.length > 0 && (
        <section className="block" aria-labelledby="claimable-heading">
          <h2 className="title is-4" id="claimable-heading">
            {t('section.claimable')}
          </h2>
          {cards(claimable)}
        </section>
      )}
      <section className="block" aria-labelledby="running-heading">
        <h2 className="title is-4" id="running-heading">
          {t('section.running')}
        </h2>
        {running.length ? cards(running) : <p>{t('section.runningEmpty')}</p>}
      </section>
      <section className="block" aria-labelledby="claimed-heading">
        <h2 className="title is-4" id="claimed-heading">
          {t('section.claimed')}
        </h2>
        {claimed.length ? cards(claimed) : <p>{t('section.claimedEmpty')}</p>}
      </section>
    </div>
  );
}
