import type { CSSProperties } from 'react';
import type { ObjectiveProgressView } from '../../../plugins/objectives/schemas.ts';
import type { ObjectivesText } from '../../i18n/objectives/index.ts';
import { percent } from '../../lib/objectives.ts';
import { goalWords, type PerkNames, rewardWords, windowWords } from './achievement-words.ts';

interface Props {
  objective: ObjectiveProgressView;
  /** A claim is under way (this card's or another's): Claim waits. */
  claiming: string | null;
  /** The island is interactive: Claim is disabled until then. */
  hydrated: boolean;
  celebrating: boolean;
  onClaim: (objective: ObjectiveProgressView) => void;
  t: ObjectivesText;
  perks: PerkNames;
  /** A moment as the page's language writes it. */
  moment: (iso: string) => string;
}

const CONFETTI = ['🎉', '⭐', '🍔', '🎊', '⭐', '🍕'];

/** What a claimed objective says: when, and for a custom reward whether it was handed out. */
function claimedLine(o: ObjectiveProgressView, t: ObjectivesText, moment: (iso: string) => string): string {
  const claimed = t('card.claimed', { when: moment(o.claim!.claimedAt) });
  if (o.reward.type !== 'CUSTOM') return claimed;
  return o.claim!.fulfilledAt
    ? t('card.handedOut', { claimed, when: moment(o.claim!.fulfilledAt) })
    : t('card.managerWill', { claimed });
}

/** One objective: its goal, progress bar, what it pays and when it counts; Claim when complete, or when it was claimed. */
export function AchievementCard({ objective: o, claiming, hydrated, celebrating, onClaim, t, perks, moment }: Props) {
  const done = Math.min(o.progress, o.target);
  return (
    <article
      className={o.claimable ? 'box achievement is-claimable' : 'box achievement'}
      data-objective-id={o._id}
      aria-labelledby={`objective-${o._id}`}
    >
      <div className="achievement-head">
        <h3 className="title is-5" id={`objective-${o._id}`}>
          {o.title}
        </h3>
        <span className="tag vd-tag">{o.scope === 'global' ? t('card.everyone') : t('card.justForYou')}</span>
      </div>
      <p className="achievement-goal">{goalWords(o, t)}</p>
      {o.description && <p className="achievement-description">{o.description}</p>}
      <progress
        className={o.progress >= o.target ? 'progress is-success' : 'progress is-info'}
        value={done}
        max={o.target}
        aria-label={t('card.progressLabel', { title: o.title, progress: o.progress, target: o.target })}
      >
        {percent(o)}%
      </progress>
      <p className="achievement-figures">
        <strong>{t('card.figures', { done, target: o.target })}</strong> · {t('card.pays')}{' '}
        <strong data-testid="reward">{rewardWords(o.reward, t, perks)}</strong>
      </p>
      <p className="help">{windowWords(o, t, moment)}</p>
      {o.claim ? (
        <p className="achievement-claimed">{claimedLine(o, t, moment)}</p>
      ) : (
        o.claimable && (
          <div className="achievement-claim">
            <button
              type="button"
              className={claiming === o._id ? 'button is-success is-loading' : 'button is-success'}
              disabled={!hydrated || claiming !== null}
              onClick={() => onClaim(o)}
            >
              {t('card.claim')}
            </button>
          </div>
        )
      )}
      {celebrating && (
        <div className="achievement-celebration" aria-hidden="true">
          {CONFETTI.map((emoji, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of six, never reordered (one emoji appears twice)
            <span key={i} style={{ '--i': i } as CSSProperties}>
              {emoji}
            </span>
          ))}
        </div>
      )}
    </article>
  );
}
