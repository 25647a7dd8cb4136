import {
  type ManagementStatisticsQuery,
  ManagementStatisticsQuerySchema,
  type PeriodView,
  periodOf,
} from '../../plugins/statistics/schemas.ts';

/**
 * What a statistics screen (and its CSV) shows, read from the URL the way the API reads its query: anything it does
 * not understand, or a period that has not started, falls back to the default (this week, most delivered first), as
 * list screens do.
 */
export function readStatisticsQuery(
  params: URLSearchParams,
  statistics: { today(): string; period(period: ManagementStatisticsQuery['period'], date?: string): PeriodView },
): { query: ManagementStatisticsQuery; view: PeriodView; date: string } {
  const raw = Object.fromEntries(
    ['period', 'date', 'sort', 'order'].flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  );
  const parsed = ManagementStatisticsQuerySchema.safeParse(raw);
  let query = parsed.success ? parsed.data : ManagementStatisticsQuerySchema.parse({});
  const today = statistics.today();
  if (query.date && periodOf(query.period, query.date).from > today) query = { ...query, date: undefined };
  return { query, view: statistics.period(query.period, query.date), date: query.date ?? today };
}
