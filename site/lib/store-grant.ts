import type { Locale } from '../../core/i18n/locales.ts';
import type { ItemGrantView } from '../../plugins/store/schemas.ts';
import { storeText } from '../i18n/store/index.ts';
import { perkName } from './label-words.ts';

/**
 * A grant's words, in the page's language: "Perk: Feedback beta for 30 days", "Rank: Chef for ever", "500 coins",
 * "A reward our staff hand over". The store's cards and Site Settings' store tab say it the same way.
 */
export function grantText({ kind, perk, rankName, days, coins }: ItemGrantView, locale: Locale): string {
  const t = storeText(locale);
  if (kind === 'perk') {
    const name = perkName(perk ?? '', locale);
    return days ? t('grant.perk', { perk: name, days }) : t('grant.perkForever', { perk: name });
  }
  if (kind === 'rank') {
    const rank = rankName ?? t('grant.rankGone');
    return days ? t('grant.rank', { rank, days }) : t('grant.rankForever', { rank });
  }
  return kind === 'coins' ? t('grant.coins', { coins: coins ?? 0 }) : t('grant.handOver');
}
