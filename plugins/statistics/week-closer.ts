import type { Orm } from '../../core/db/orm.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { addDays, periodOf, recordId } from './schemas.ts';
import type { StatisticsService } from './service.ts';

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
    const [last] = await this.#orm.em
      .fork()
      .execute<{ week_start: string | null }[]>('select max(week_start) as week_start from statistics_closed_weeks');
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
      const [won] = await em.execute<unknown[]>(
        'insert into statistics_closed_weeks (week_start, closed_at, members) values (?, ?, ?) on conflict do nothing returning week_start',
        [weekStart, now, figures.size],
      );
      if (!won) return false;
      for (const [userId, f] of figures) {
        await em.execute(
          `insert into management_statistics (id, user_id, period, starts_on, ends_on, claimed, prepared, delivered, reported, claims_expired,
             avg_claim_to_prepared_s, avg_ready_to_delivered_s, leave_days, applications_reviewed, appeal_votes, created_at)
           values (?, ?, 'week', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
          [
            recordId(userId, 'week', weekStart),
            userId,
            weekStart,
            until,
            f.claimed,
            f.prepared,
            f.delivered,
            f.reported,
            f.claimsExpired,
            f.avgClaimToPreparedS,
            f.avgReadyToDeliveredS,
            f.leaveDays,
            f.applicationsReviewed,
            f.appealVotes,
            now,
          ],
          'run',
        );
      }
      return true;
    });
  }
}
