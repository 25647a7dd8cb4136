import { intlTag } from '../../core/shared/intl-tag.ts';
import type { ObjectiveProgressView } from '../../plugins/objectives/schemas.ts';

/** `25 Nov 2026, 12:00 UTC` in English; another language (`locale`) as it writes a date. */
export function momentWriter(locale: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(intlTag(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return (iso) => `${format.format(new Date(iso))} UTC`;
}

/** My Achievements' sections: claimable first, then running, then claimed (newest claim first). */
export function achievementSections(objectives: readonly ObjectiveProgressView[]): {
  claimable: ObjectiveProgressView[];
  running: ObjectiveProgressView[];
  claimed: ObjectiveProgressView[];
} {
  return {
    claimable: objectives.filter((o) => o.claimable),
    running: objectives.filter((o) => !o.claim && !o.claimable && !o.deletedAt),
    claimed: objectives.filter((o) => o.claim).sort((a, b) => b.claim!.claimedAt.localeCompare(a.claim!.claimedAt)),
  };
}

/** Share of the target reached, 0–100, for a progress bar. */
export function percent(o: { progress: number; target: number }): number {
  return Math.min(100, Math.round((o.progress / o.target) * 100));
}
