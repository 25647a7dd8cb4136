import { useCallback, useEffect, useState } from 'react';
import type { ObjectiveCompletedData, ObjectiveProgressView } from '../../../plugins/objectives/schemas.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import {
  achievementSections,
  formatMoment,
  objectiveGoal,
  percent,
  rewardLabel,
  windowText,
} from '../../lib/objectives.ts';
import { toast } from '../../lib/toast.ts';
import { $gatewayStatus, startGateway } from '../../stores/gateway.ts';
import { useAfterHydration } from '../use-after-hydration.ts';

interface Props {
  userId: string;
  objectives: ObjectiveProgressView[];
}

/**
 * My Achievements: objectives with progress bars and what they pay, Claim when complete (a short celebration,
 * still under prefers-reduced-motion: the styles drop the movement), claimed ones with when. Live: the gateway's
 * objectiveCompleted (sent to this user only) reads the list again; so does a reconnect.
 */
export default function Achievements({ userId, objectives: initial }: Props) {
  const [objectives, setObjectives] = useState(initial);
  const [claiming, setClaiming] = useState<string | null>(null);
  const [celebrating, setCelebrating] = useState<string | null>(null);
  const [live, setLive] = useState('');
  const status = useAfterHydration($gatewayStatus, 'idle');

  const reload = useCallback(async () => {
    try {
      const { objectives } = await answerOf(
        client.GET('/api/client/objectives/user/{userId}', { params: { path: { userId } } }),
      );
      setObjectives(objectives);
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
    }
  }, [userId]);

  useEffect(() => {
    const gateway = startGateway();
    const off = gateway.on('objectiveCompleted', (data) => {
      const done = data as ObjectiveCompletedData;
      setLive(`${done.title} is complete: claim ${rewardLabel(done.reward)}.`);
      toast(`Objective complete: ${done.title}. Claim your reward!`, 'is-success');
      void reload();
    });
    const unlisten = $gatewayStatus.listen((status) => {
      if (status === 'connected') void reload();
    });
    return () => {
      off();
      unlisten();
    };
  }, [reload]);

  const claim = async (objective: ObjectiveProgressView) => {
    setClaiming(objective._id);
    try {
      const answer = await withMinimumDisplay(
        answerOf(client.POST('/api/client/objectives/claim/{id}', { params: { path: { id: objective._id } } })),
      );
      const paid =
        answer.balance === null
          ? rewardLabel(objective.reward)
          : `${rewardLabel(objective.reward)}: your balance is now ${answer.balance.toLocaleString('en')} coins`;
      const text =
        objective.reward.type === 'CUSTOM'
          ? `Claimed! A manager will hand you ${rewardLabel(objective.reward)}.`
          : `Claimed! ${paid}.`;
      setLive(text);
      toast(text, 'is-success');
      setCelebrating(objective._id);
      setTimeout(() => setCelebrating((id) => (id === objective._id ? null : id)), 2500);
      await reload();
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
      await reload();
    } finally {
      setClaiming(null);
    }
  };

  const { claimable, running, claimed } = achievementSections(objectives);
  const card = (o: ObjectiveProgressView) => (
    <article
      className={`box achievement${o.claimable ? ' is-claimable' : ''}`}
      key={o._id}
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
        className={`progress ${o.progress >= o.target ? 'is-success' : 'is-info'}`}
        value={Math.min(o.progress, o.target)}
        max={o.target}
        aria-label={`${o.title}: ${o.progress} of ${o.target} orders`}
      >
        {percent(o)}%
      </progress>
      <p className="achievement-figures">
        <strong>
          {Math.min(o.progress, o.target).toLocaleString('en')} of {o.target.toLocaleString('en')}
        </strong>{' '}
        · Pays <strong data-testid="reward">{rewardLabel(o.reward)}</strong>
      </p>
      <p className="help">{windowText(o)}</p>
      {o.claim ? (
        <p className="achievement-claimed">
          Claimed {formatMoment(o.claim.claimedAt)}
          {o.reward.type === 'CUSTOM' &&
            (o.claim.fulfilledAt
              ? ` · handed out ${formatMoment(o.claim.fulfilledAt)}`
              : ' · a manager will hand it out')}
        </p>
      ) : (
        o.claimable && (
          <div className="achievement-claim">
            <button
              type="button"
              className={`button is-success${claiming === o._id ? ' is-loading' : ''}`}
              disabled={claiming !== null}
              onClick={() => void claim(o)}
            >
              Claim
            </button>
          </div>
        )
      )}
      {celebrating === o._id && (
        <div className="achievement-celebration" aria-hidden="true">
          {['🎉', '⭐', '🍔', '🎊', '⭐', '🍕'].map((emoji, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of six, never reordered (one emoji appears twice)
            <span key={i} style={{ '--i': i } as React.CSSProperties}>
              {emoji}
            </span>
          ))}
        </div>
      )}
    </article>
  );

  return (
    <div className="achievements">
      <p className="block">
        <span className={`tag ${status === 'connected' ? 'vd-state-active' : 'vd-tag'}`} role="status">
          {status === 'connected'
            ? 'Live'
            : status === 'connecting' || status === 'reconnecting'
              ? 'Connecting…'
              : 'Offline'}
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
          <div className="achievement-grid">{claimable.map(card)}</div>
        </section>
      )}
      <section className="block" aria-labelledby="running-heading">
        <h2 className="title is-4" id="running-heading">
          In progress
        </h2>
        {running.length ? (
          <div className="achievement-grid">{running.map(card)}</div>
        ) : (
          <p>No objectives running for you right now. A manager sets new ones.</p>
        )}
      </section>
      <section className="block" aria-labelledby="claimed-heading">
        <h2 className="title is-4" id="claimed-heading">
          Claimed
        </h2>
        {claimed.length ? <div className="achievement-grid">{claimed.map(card)}</div> : <p>Nothing claimed yet.</p>}
      </section>
    </div>
  );
}
