import { toCsv } from '../../plugins/statistics/csv.ts';
import {
  type DayFigures,
  FIGURE_LABELS,
  formatDay,
  type ManagementStatisticsRecord,
  STATISTICS_FIGURES,
  type StatisticsPerson,
} from '../../plugins/statistics/schemas.ts';

/**
 * The statistics screens' pure parts: chart scales (the charts are SVG written on the server: docs/decisions.md) and
 * the CSV of what a screen shows. Unit-tested beside it.
 */

/** The smallest 1, 2 or 5 × 10ⁿ at or above `max` (at least 1): the top of a chart's axis. */
export function niceMax(max: number): number {
  if (!(max > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Every `step`-th index, so at most `most` labels fit under a chart (the last one always). */
export function labelledIndexes(count: number, most: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / most));
  const out = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) out.add(i);
  return out;
}

/**
 * The days a chart names under its bars, each with its label's class: five on a wide screen and four on a phone
 * (`vd-chart-wide-only`, `vd-chart-phone-only`; both: no class), so a phone's larger type never runs one label into
 * the next (statistics.scss).
 */
export function dayLabelClasses(count: number): Map<number, string> {
  const wide = labelledIndexes(count, 5);
  const phone = labelledIndexes(count, 4);
  const out = new Map<number, string>();
  for (let i = 0; i < count; i++) {
    if (wide.has(i) && phone.has(i)) out.set(i, 'vd-chart-axis');
    else if (wide.has(i)) out.set(i, 'vd-chart-axis vd-chart-wide-only');
    else if (phone.has(i)) out.set(i, 'vd-chart-axis vd-chart-phone-only');
  }
  return out;
}

export const shortDay = (day: string) => formatDay(day, { day: 'numeric', month: 'short' });

export const personName = (p: StatisticsPerson) => p.displayName ?? p.username;

/** Management's CSV: one row per member, the figures as the table shows them (seconds as numbers). */
export function recordsCsv(records: readonly ManagementStatisticsRecord[]): string {
  return toCsv(
    [
      'Member',
      'User ID',
      'Period',
      'From',
      'Until',
      'Source',
      ...STATISTICS_FIGURES.map((f) => (f.startsWith('avg') ? `${FIGURE_LABELS[f]} (s)` : FIGURE_LABELS[f])),
    ],
    records.map((r) => [
      personName(r.user),
      r.user.id,
      r.period,
      r.from,
      r.until,
      r.source,
      ...STATISTICS_FIGURES.map((f) => r[f]),
    ]),
  );
}

/** My Performance's CSV: one row per day of the chart. */
export function daysCsv(days: readonly DayFigures[]): string {
  return toCsv(
    ['Day', 'Prepared', 'Delivered', 'Reported', 'Ready to delivered (s)'],
    days.map((d) => [d.day, d.prepared, d.delivered, d.reported, d.avgReadyToDeliveredS]),
  );
}

/** A download's name: `management-statistics-week-2026-11-23.csv`. */
export function csvName(prefix: string, period: string, from: string): string {
  return `${prefix}-${period}-${from}.csv`;
}
