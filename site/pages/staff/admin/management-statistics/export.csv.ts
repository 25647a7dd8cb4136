import type { APIRoute } from 'astro';
import { daysCsv } from '../../../../lib/statistics.ts';

export const prerender = false;

/** My Performance's CSV: the member's last 30 days as the charts show them. Guarded by the page's route guard. */
export const GET: APIRoute = async ({ locals }) => {
  const me = locals.user!;
  const { statistics } = locals.services.statistics;
  const days = await statistics.daily(30, me.id);
  return new Response(daysCsv(days), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="my-performance-${days[0]!.day}-${days.at(-1)!.day}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
};
