import type { AppealEligibility, AppealKind } from '../../plugins/appeals/schemas.ts';

/** What an appeal is against, in the screens' words. */
export const APPEAL_KIND_LABELS: Record<AppealKind, string> = { ban: 'Ban', blacklist: 'Order blacklist' };

/** The words the appeal screens use for each kind: the questions asked, and how the sanction is named. */
export function appealWords(kind: AppealKind) {
  return kind === 'ban'
    ? {
        noun: 'ban',
        whyQuestion: 'Why were you banned?',
        liftQuestion: 'Why should the ban be lifted?',
        since: 'Banned on',
        by: 'Banned by',
      }
    : {
        noun: 'order blacklist',
        whyQuestion: 'Why were you blacklisted from ordering?',
        liftQuestion: 'Why should the blacklist be lifted?',
        since: 'Blacklisted on',
        by: 'Blacklisted by',
      };
}

/** Dates as the appeal screens show them: `25 November 2026`, in UTC like every other date on the site. */
export function appealDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Why the user may not file an appeal now, in words; null when they may. */
export function eligibilityText(eligibility: AppealEligibility): string | null {
  if (eligibility.allowed) return null;
  switch (eligibility.reason) {
    case 'nothing_to_appeal':
      return 'You are not banned or blacklisted from ordering, so there is nothing to appeal.';
    case 'open_appeal':
      return 'You already have an open appeal. Wait for its decision before filing another.';
    case 'cooldown':
      return `Your last appeal was denied. You may file a new one from ${appealDate(eligibility.until)}.`;
  }
}
