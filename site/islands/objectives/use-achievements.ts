import { useCallback, useEffect, useState } from 'react';
import type { ObjectiveCompletedData, ObjectiveProgressView } from '../../../plugins/objectives/schemas.ts';
import type { ObjectivesText } from '../../i18n/objectives/index.ts';
import { errorMessage, withMinimumDisplay } from '../../lib/api.ts';
import { answerOf, client } from '../../lib/client.ts';
import { toast } from '../../lib/toast.ts';
import { $gatewayStatus, startGateway } from '../../stores/gateway.ts';
import { type PerkNames, rewardWords } from './achievement-words.ts';

/** What a claim paid, in words. */
function claimedText(
  objective: ObjectiveProgressView,
  balance: number | null,
  t: ObjectivesText,
  perks: PerkNames,
): string {
  const reward = rewardWords(objective.reward, t, perks);
  if (objective.reward.type === 'CUSTOM') return t('claimed.custom', { reward });
  return balance === null ? t('claimed.plain', { reward }) : t('claimed.balance', { reward, balance });
}

/**
 * My Achievements' state: the objectives, read again when the gateway says one is complete (sent to this user only)
 * and after a reconnect; Claim (the card busy meanwhile, a short celebration after); `live` is what screen readers
 * are told.
 */
export function useAchievements(userId: string, initial: ObjectiveProgressView[], t: ObjectivesText, perks: PerkNames) {
  const [objectives, setObjectives] = useState(initial);
  const [claiming, setClaiming] = useState<string | null>(null);
  const [celebrating, setCelebrating] = useState<string | null>(null);
  const [live, setLive] = useState('');

  const reload = useCallback(async () => {
    try {
      const path = { userId };
      const { objectives } = await answerOf(client.GET('/api/client/objectives/user/{userId}', { params: { path } }));
      setObjectives(objectives);
    } catch (error) {
      toast(errorMessage(error), 'is-danger');
    }
  }, [userId]);

  useEffect(() => {
    const gateway = startGateway();
    const off = gateway.on('objectiveCompleted', (data) => {
      const done = data as ObjectiveCompletedData;
      setLive(t('live.complete', { title: done.title, reward: rewardWords(done.reward, t, perks) }));
      toast(t('toast.complete', { title: done.title }), 'is-success');
      void reload();
    });
    const unlisten = $gatewayStatus.listen((status) => {
      if (status === 'connected') void reload();
    });
    return () => {
      off();
      unlisten();
    };
  }, [reload, t, perks]);

  const claim = async (objective: ObjectiveProgressView) => {
    setClaiming(objective._id);
    try {
      const path = { id: objective._id };
      const answer = await withMinimumDisplay(
        answerOf(client.POST('/api/client/objectives/claim/{id}', { params: { path } })),
      );
      const text = claimedText(objective, answer.balance, t, perks);
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
  return { objectives, claiming, celebrating, live, claim };
}
