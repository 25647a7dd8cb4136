import type { Locale } from '../../core/i18n/locales.ts';
import { objectivesText } from './i18n/index.ts';
import type { ObjectiveType, RewardView } from './schemas.ts';

const GOAL_KEY = {
  ORDER_TARGET_PREPARED: 'goal.prepared',
  ORDER_TARGET_DELIVERED: 'goal.delivered',
  ORDER_TARGET_TOTAL: 'goal.total',
} as const satisfies Record<ObjectiveType, string>;

/** What an objective asks, in a locale's words (`Deliver 3 orders` in English, as `objectiveGoal` writes it). */
export function goalIn(locale: Locale, objective: { type: ObjectiveType; target: number }): string {
  return objectivesText(locale)(GOAL_KEY[objective.type], { target: objective.target });
}

/** What an objective pays, in a locale's words (`500 coins`, `The FEEDBACK_BETA perk for 7 days`), as `rewardText`. */
export function rewardIn(locale: Locale, reward: RewardView): string {
  const t = objectivesText(locale);
  switch (reward.type) {
    case 'VD_CURRENCY':
      return t('reward.coins', { amount: reward.amount });
    case 'VD_PERK':
      return reward.days
        ? t('reward.perkFor', { perk: reward.perk, days: reward.days })
        : t('reward.perk', { perk: reward.perk });
    case 'VD_RANK': {
      const rank = reward.rankName ?? t('reward.unknownRank');
      return reward.days ? t('reward.rankFor', { rank, days: reward.days }) : t('reward.rank', { rank });
    }
    case 'CUSTOM':
      return reward.text;
  }
}
