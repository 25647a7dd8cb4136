import type { Perk } from '../../../core/shared/permissions.ts';
import type { ObjectiveType, RewardView } from '../../../plugins/objectives/schemas.ts';
import type { ObjectivesText } from '../../i18n/objectives/index.ts';
import { humanize } from '../../lib/labels.ts';

/**
 * What My Achievements says of an objective, in the page's language: its goal, what it pays and when it counts. Create
 * objective's lists and the objective form's preview say them the same way.
 */

/** `Prepare 10 orders`. */
export function goalWords(o: { type: ObjectiveType; target: number }, t: ObjectivesText): string {
  return t(`goal.${o.type}`, { target: o.target });
}

/** Each perk's name in the page's language (site.labels), as the page hands it to the island. */
export type PerkNames = Readonly<Record<Perk, string>>;

/** `500 coins`, `The Feedback beta perk for 7 days`; a custom reward as its manager wrote it. */
export function rewardWords(reward: RewardView, t: ObjectivesText, perks: PerkNames): string {
  const perk = (name: string) => perks[name as Perk] ?? humanize(name);
  switch (reward.type) {
    case 'VD_CURRENCY':
      return t('reward.coins', { amount: reward.amount });
    case 'VD_PERK':
      return reward.days
        ? t('reward.perkDays', { perk: perk(reward.perk), days: reward.days })
        : t('reward.perk', { perk: perk(reward.perk) });
    case 'VD_RANK': {
      const rank = reward.rankName ?? t('reward.unknownRank');
      return reward.days ? t('reward.rankDays', { rank, days: reward.days }) : t('reward.rank', { rank });
    }
    case 'CUSTOM':
      return reward.text;
  }
}

/** `Until 3 Dec 2026, 18:00 UTC`, `From …`, `From … until …`, or `No end date`. */
export function windowWords(
  o: { from: string | null; until: string | null },
  t: ObjectivesText,
  moment: (iso: string) => string,
): string {
  if (o.from && o.until) return t('window.fromUntil', { from: moment(o.from), until: moment(o.until) });
  if (o.until) return t('window.until', { until: moment(o.until) });
  if (o.from) return t('window.from', { from: moment(o.from) });
  return t('window.none');
}
