import type { CSSProperties } from 'react';
import { type ObjectiveProgressView, objectiveGoal } from '../../../plugins/objectives/schemas.ts';
import { formatMoment, percent, rewardLabel, windowText } from '../../lib/objectives.ts';

interface Props {
  objective: ObjectiveProgressView;
  /** A claim is under way (this card's or another's): Claim waits. */
  claiming: string | null;
  /** The island is interactive: Claim is disabled until then. */
  hydrated: boolean;
  celebrating: boolean;
  onClaim: (objective: ObjectiveProgressView) => void;
}

const CONFETTI = ['🎉', '⭐', '🍔', '🎊', '⭐', '🍕'];

/** What a claimed objective says: when, and for a custom reward whether it was handed out. */
function claimedLine(o: ObjectiveProgressView): string {
  const when = `Claimed ${formatMoment(o.claim!.claimedAt)}`;
  if (o.reward.type !== 'CUSTOM') return when;
  return o.claim!.fulfilledAt
    ? `${when} · handed out ${formatMoment(o.claim!.fulfilledAt)}`
    : `${when} · a manager will hand it out`;
}

/** One objective: its goal, progress bar, what it pays and when it counts; Claim when complete, or when it was claimed. */
export function AchievementCard({ objective: o, claiming, hydrated, celebrating, onClaim }: Props) {
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
        <span className="tag vd-tag">{o.scope === 'global' ? 'Everyone' : 'Just for you'}</span>
      </div>
      <p className="achievement-goal">{objectiveGoal(o)}</p>
      {o.description && <p className="achievement-description">{o.description}</p>}
      <progress
        className={o.progress >= o.target ? 'progress is-success' : 'progress is-info'}
        value={done}
        max={o.target}
        aria-label={`${o.title}: ${o.progress} of ${o.target} orders`}
      >
        {percent(o)}%
      </progress>
      <p className="achievement-figures">
        <strong>
          {done.toLocaleString('en')} of {o.target.toLocaleString('en')}
        </strong>{' '}
        · Pays <strong data-testid="reward">{rewardLabel(o.reward)}</strong>
      </p>
      <p className="help">{windowText(o)}</p>
      {o.claim ? (
        <p className="achievement-claimed">{claimedLine(o)}</p>
      ) : (
        o.claimable && (
          <div className="achievement-claim">
            <button
              type="button"
              className={claiming === o._id ? 'button is-success is-loading' : 'button is-success'}
              disabled={!hydrated || claiming !== null}
              onClick={() => onClaim(o)}
            >
              Claim
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
