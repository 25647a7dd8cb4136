import type { APIRoute } from 'astro';
import { csvName, recordsCsv } from '../../../../../lib/statistics.ts';
import { readStatisticsQuery } from '../../../../../lib/statistics-page.ts';

export const prerender = false;

/** Management's CSV: the table the page shows for the same period and sort. Guarded by the page's route guard. */
export const GET: APIRoute = async ({ locals, url }) => {
  const { statistics } = locals.services.statistics;
  const { query, view } = readStatisticsQuery(url.searchParams, statistics);
  const { statistics: records } = await statistics.list(query);
  return new Response(recordsCsv(records), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${csvName('management-statistics', view.period, view.from)}"`,
      'cache-control': 'private, no-store',
    },
  });
};
