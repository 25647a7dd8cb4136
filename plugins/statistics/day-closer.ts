import type { Em, Orm } from '../../core/db/orm.ts';
import { dayParts, MEMBER_SUMS, memberParts, unionAll, window } from './parts.ts';
import { addDays } from './schemas.ts';
import type { StatisticsService } from './service.ts';

/**
 * The advisory lock space of the rolled-up days (the first of two int4 keys; the day's number is the second). The
 * trigger of this plugin's migration takes the same key, shared.
 */
const DAY_LOCK = 1_349_082_131;

/** How many ended days a database that never rolled one up gets at once: the longest period (a month) and a bit. */
export const BACKFILL_DAYS = 35;

/**
 * Rolls up each UTC day once it has ended: the kitchen's figures of the day (`statistics_days`) and each member's
 * (`statistics_member_days`), counted by the very branches that count a day live (parts.ts), so a period read from
 * rollups has the figures it would have live. The rest of a period (today) stays live.
 *
 * Late changes: a trigger (this plugin's migration) marks a rolled-up day `stale` in the transaction of any insert,
 * update or delete of an order or expired claim that changes that day's figures (an order deleted, a claim of
 * 23:55 that expired at 00:05); a stale day is read live until this closer writes it again (every pass rewrites
 * the stale days, whatever their age). Writing a day holds an exclusive advisory lock on it and the trigger a
 * shared one, so a change commits either before the day is counted or after its row exists (and marks it): none is
 * missed. Of several processes (or calls) closing one day, the first writes it and the others find it current.
 */
export class DayCloser {
  readonly #orm: Orm;
  readonly #statistics: StatisticsService;
  readonly #now: () => number;

  constructor(orm: Orm, statistics: StatisticsService, now: () => number) {
    this.#orm = orm;
    this.#statistics = statistics;
    this.#now = now;
  }

  /**
   * The days to write, oldest first: each ended day after the last one rolled up (at most BACKFILL_DAYS back when
   * none ever was), and every day marked stale.
   */
  async due(): Promise<string[]> {
    const today = this.#statistics.today();
    const em = this.#orm.em.fork();
    const [last] = await em.execute<{ day: string | null }[]>(
      'select max(day) as day from statistics_days where day < ?',
      [today],
    );
    const stale = await em.execute<{ day: string }[]>(
      'select day from statistics_days where stale and day < ? order by day',
      [today],
    );
    const days = new Set(stale.map((r) => r.day));
    for (
      let day = last?.day ? addDays(last.day, 1) : addDays(today, -BACKFILL_DAYS);
      day < today;
      day = addDays(day, 1)
    )
      days.add(day);
    return [...days].sort();
  }

  /**
   * Writes every day that is due; returns the days this call wrote. One `writersBefore` for the newest day clears
   * them all (a transaction begun before an older day's end began before the newest's too): a first start rolls up
   * a month in one pass. When the newest is not clear, each day is asked on its own.
   */
  async closeDue(): Promise<string[]> {
    const due = await this.due();
    if (due.length === 0) return [];
    const clear = await this.writersBefore(endOf(due.at(-1)!), WRITERS_WAIT_MS);
    const written: string[] = [];
    for (const day of due) if (await (clear ? this.#write(day) : this.close(day))) written.push(day);
    return written;
  }

  /**
   * Writes the rollup of `day` unless it is current already (or has not ended); true if this call wrote it. A day
   * whose end the database's clock has not passed, or that a transaction begun before its end may still be
   * writing, is left for a later pass (see `writersBefore`).
   */
  async close(day: string): Promise<boolean> {
    if (day >= this.#statistics.today()) return false;
    if (!(await this.writersBefore(endOf(day), WRITERS_WAIT_MS))) return false;
    return this.#write(day);
  }

  /** Writes `day`'s rollup, once `writersBefore` its end said yes, unless another process or call did meanwhile. */
  async #write(day: string): Promise<boolean> {
    const now = new Date(this.#now());
    return this.#orm.em.fork().transactional(async (em) => {
      // The day's lock first (the trigger's shared lock waits for it), then whether it still needs writing: every
      // statement after this one counts what had committed by then.
      await em.execute(`select pg_advisory_xact_lock(${DAY_LOCK}, ?::date - date '2000-01-01')`, [day]);
      const [current] = await em.execute<unknown[]>('select 1 from statistics_days where day = ? and not stale', [day]);
      if (current) return false;
      await writeDay(em, day, now);
      return true;
    });
  }

  /**
   * True once the database's clock is past `end` and no other transaction that began before `end` is running
   * (waiting up to `waitMs` for them); false otherwise. The rollup triggers skip their lock for a write whose every
   * moment is on or after the day its transaction began (the migration TodayWithoutLocks): such a write of the
   * day being closed began before the day ended, so once none of those is running, all of them have committed and
   * the count sees them. Later writes of the day take the trigger's lock, which the count holds. The embedded
   * database has one session: nothing else can be running.
   */
  async writersBefore(end: Date, waitMs: number): Promise<boolean> {
    const em = this.#orm.em.fork();
    const deadline = Date.now() + waitMs;
    for (;;) {
      const [state] = await em.execute<{ ended: boolean; writing: boolean }[]>(
        `select now() >= ? as ended, exists (select 1 from pg_stat_activity
           where pid <> pg_backend_pid() and datname = current_database() and xact_start < ?) as writing`,
        [end, end],
      );
      if (!state!.ended) return false;
      if (!state!.writing) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The moment `day` ends (UTC). */
const endOf = (day: string) => new Date(`${addDays(day, 1)}T00:00:00Z`);

/** How long a pass waits for transactions begun before a day ended (then the day waits for the next pass). */
const WRITERS_WAIT_MS = 2_000;

/** The kitchen's and every member's figures of `day`, replacing what was stored for it (a stale rollup). */
async function writeDay(em: Em, day: string, now: Date): Promise<void> {
  // The day alone, counted live: the branches a period's live days are counted with.
  const [ctes, cteParams] = window(day, addDays(day, 1), false);
  const [kitchen, kitchenParams] = unionAll(dayParts(null));
  await em.execute(
    `${ctes}
     insert into statistics_days (day, ordered, prepared, delivered, reported, r2d_us, r2d_n, stale, closed_at)
     select ?, coalesce(sum(x.ordered), 0), coalesce(sum(x.prepared), 0), coalesce(sum(x.delivered), 0), coalesce(sum(x.reported), 0),
       coalesce(sum(x.r2d_us), 0), coalesce(sum(x.r2d_n), 0), false, ?
     from (${kitchen}) x
     on conflict (day) do update set ordered = excluded.ordered, prepared = excluded.prepared, delivered = excluded.delivered,
       reported = excluded.reported, r2d_us = excluded.r2d_us, r2d_n = excluded.r2d_n, stale = false, closed_at = excluded.closed_at`,
    [...cteParams, day, now, ...kitchenParams],
    'run',
  );
  await em.execute('delete from statistics_member_days where day = ?', [day], 'run');
  const [members, memberParams] = unionAll(memberParts(null));
  await em.execute(
    `${ctes}
     insert into statistics_member_days (day, user_id, claimed, claims_expired, prepared, c2p_us, c2p_n, delivered, reported, r2d_us, r2d_n)
     select ?, ${MEMBER_SUMS} from (${members}) f group by f.uid`,
    [...cteParams, day, ...memberParams],
    'run',
  );
}
