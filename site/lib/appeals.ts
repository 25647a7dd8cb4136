import type { AppealEligibility } from '../../plugins/appeals/schemas.ts';

/** Dates as the appeal screens show them: `25 November 2026`, in UTC like every other date on the site. */
export function appealDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Why the user may not file an appeal now, in words; null when they may. */
export function eligibilityText(eligibility: AppealEligibility): string | null {
  if (eligibility.allowed) return null;
  switch (eligibility.reason) {
    case 'not_banned':
      return 'You are not banned, so there is nothing to appeal.';
    case 'open_appeal':
      return 'You already have an open appeal. Wait for its decision before filing another.';
    case 'cooldown':
      return `Your last appeal was denied. You may file a new one from ${appealDate(eligibility.until)}.`;
  }
}
