import type { Orm } from '../../core/db/orm.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { addDays, periodOf, recordId } from './schemas.ts';
import type { StatisticsService } from './service.ts';
import { statisticsSql } from './sql.ts';

/** How many ended weeks a database that never closed one gets written at once (a month of history, and a bit). */
export const BACKFILL_WEEKS = 5;
/** How often the statistics.close job looks for a day or a week that ended (cheap: a few indexed reads when there is none). */
export const CLOSE_INTERVAL_MS = 10 * 60_000;

export interface WeekCloserDeps extends Pick<ServiceKernel, 'orm' | 'now'> {
  statistics: StatisticsService;
}

/**
 * Writes each member's snapshot of a week once the week has ended (Sunday 24:00 UTC): one row per member and week,
 * idempotent. The week's row in `statistics_closed_weeks` and its snapshots are inserted in one transaction, the
 * week's row first with `on conflict do nothing`: of several processes (or calls) closing one week, exactly one
 * writes it; the others find it closed. A snapshot a manager deleted stays deleted, since the week stays closed.
 * The statistics.close job (index.ts) runs it while sweeps are on, each pass after rolling up the ended days
 * (day-closer.ts), so a week is then counted from its days' rollups.
 */
export class WeekCloser {
  readonly #orm: Orm;
  readonly #statistics: StatisticsService;
  readonly #now: () => number;

  constructor({ orm, statistics, now }: WeekCloserDeps) {
    this.#orm = orm;
    this.#statistics = statistics;
    this.#now = now;
  }

  /** The weeks that ended and are not closed yet, oldest first (at most BACKFILL_WEEKS back when none ever was). */
  async due(): Promise<string[]> {
    const thisWeek = periodOf('week', this.#statistics.today()).from;
    const last = await statisticsSql(this.#orm.em.fork())
      .selectFrom('statistics_closed_weeks')
      .select((eb) => eb.fn.max<string | null>('week_start').as('week_start'))
      .executeTakeFirst();
    let week = last?.week_start ? addDays(last.week_start, 7) : addDays(thisWeek, -7 * BACKFILL_WEEKS);
    const weeks: string[] = [];
    for (; week < thisWeek; week = addDays(week, 7)) weeks.push(week);
    return weeks;
  }

  /** Closes every week that is due; returns the weeks this call closed. */
  async closeDue(): Promise<string[]> {
    const closed: string[] = [];
    for (const week of await this.due()) if (await this.close(week)) closed.push(week);
    return closed;
  }

  /** Writes the snapshots of the week starting `weekStart` (a Monday) unless it is closed already; true if this call did. */
  async close(weekStart: string): Promise<boolean> {
    const until = addDays(weekStart, 6);
    // Counted before the transaction (PGlite runs one transaction at a time, and the leave figures come from the
    // onleave service's own connection); a closed week's figures no longer change as its days have passed.
    const figures = await this.#statistics.figures(this.#orm.em.fork(), weekStart, until, null);
    const now = new Date(this.#now());
    return this.#orm.em.fork().transactional(async (em) => {
      const db = statisticsSql(em);
      const won = await db
        .insertInto('statistics_closed_weeks')
        .values({ week_start: weekStart, closed_at: now, members: figures.size })
        .onConflict((oc) => oc.doNothing())
        .returning('week_start')
        .executeTakeFirst();
      if (!won) return false;
      if (figures.size === 0) return true;
      // Every member's snapshot in one statement.
      await db
        .insertInto('management_statistics')
        .values(
          [...figures].map(([userId, f]) => ({
            id: recordId(userId, 'week', weekStart),
            user_id: userId,
            period: 'week',
            starts_on: weekStart,
            ends_on: until,
            claimed: f.claimed,
            prepared: f.prepared,
            delivered: f.delivered,
            reported: f.reported,
            claims_expired: f.claimsExpired,
            avg_claim_to_prepared_s: f.avgClaimToPreparedS,
            avg_ready_to_delivered_s: f.avgReadyToDeliveredS,
            leave_days: f.leaveDays,
            applications_reviewed: f.applicationsReviewed,
            appeal_votes: f.appealVotes,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      return true;
    });
  }
}
