import { describe, expect, it } from 'vitest';
import { goalIn, rewardIn } from './notice-words.ts';
import { objectiveGoal, type RewardView, rewardText } from './schemas.ts';

const REWARDS: RewardView[] = [
  { type: 'VD_CURRENCY', amount: 1 },
  { type: 'VD_CURRENCY', amount: 1250 },
  { type: 'VD_PERK', perk: 'FEEDBACK_BETA', days: null },
  { type: 'VD_PERK', perk: 'FEEDBACK_BETA', days: 1 },
  { type: 'VD_PERK', perk: 'FEEDBACK_BETA', days: 7 },
  { type: 'VD_RANK', rankId: '1', rankName: 'Chef', days: 3 },
  { type: 'VD_RANK', rankId: '1', rankName: null, days: null },
  { type: 'CUSTOM', text: 'A hug from the owner' },
] as RewardView[];

describe("an objective's notice words", () => {
  it('are in English exactly what the site writes', () => {
    for (const target of [1, 3, 1000])
      for (const type of ['ORDER_TARGET_PREPARED', 'ORDER_TARGET_DELIVERED', 'ORDER_TARGET_TOTAL'] as const)
        expect(goalIn('en', { type, target })).toBe(objectiveGoal({ type, target }));
    for (const reward of REWARDS) expect(rewardIn('en', reward)).toBe(rewardText(reward));
  });

  it('are worded in the locale, numbers and plurals included', () => {
    expect(goalIn('de', { type: 'ORDER_TARGET_DELIVERED', target: 1000 })).toBe('1.000 Bestellungen ausliefern');
    expect(rewardIn('fr', { type: 'VD_CURRENCY', amount: 1 } as RewardView)).toBe('1 pièce');
    expect(rewardIn('pt-BR', REWARDS[4]!)).toBe('A vantagem FEEDBACK_BETA por 7 dias');
  });
});
