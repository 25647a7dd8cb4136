import type { InferKyselyDB } from '@mikro-orm/sql';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { addDays, dayOf, startOfDay } from '../../core/shared/days.ts';
import type { ClaimExpirySchema, OrderDaySchema, OrderMemberDaySchema, OrderSchema } from './entities.ts';
import { kitchenDaysIn, memberWorkIn } from './kitchen-figures.ts';

type Db = InferKyselyDB<
  typeof OrderDaySchema | typeof OrderMemberDaySchema | typeof OrderSchema | typeof ClaimExpirySchema
>;

/**
 * The advisory lock space of the rolled-up days (the first of two int4 keys; the day's number is the second): the
 * closer holds a day's lock exclusively while it counts and writes the day, `markDaysChanged` shares it.
 */
const DAY_LOCK = 1_349_082_131;

/**
 * How many ended days a database that never rolled one up gets at most, from the first day anything was counted on:
 * the longest period (a month) and a bit.
 */
export const BACKFILL_DAYS = 35;

/** How long a pass waits for transactions begun before a day ended (then the day waits for the next pass). */
const WRITERS_WAIT_MS = 2_000;

/** The day's number for its advisory lock. */
const dayKey = (day: string | RawBuilder<unknown>) => sql<number>`${day}::date - date '2000-01-01'`;

/**
 * Marks the ended days among those of `moments` stale, inside the caller's transaction: the write that changed what
 * an order or expired claim counts on those days. Call it from every write that can change a past day's figures (an
 * unclaim of yesterday's claim, an order recorded after the fact). Days on or after the day the transaction began
 * (the database's clock) have no rollup and are skipped without a lock: a write of today's orders takes none.
 *
 * Each day's lock is shared (the closer holds it exclusively while it counts the day), then the day's rollup, if
 * written, is marked, in a statement of its own: a change commits either before the closer counts the day, or
 * after the closer wrote its row, which it then marks. A stale day is counted live until the closer writes it again.
 */
export async function markDaysChanged(em: Em, moments: readonly (Date | null | undefined)[]): Promise<void> {
  const days = [...new Set(moments.filter((m): m is Date => m instanceof Date).map((m) => dayOf(m.getTime())))].sort();
  if (days.length === 0) return;
  const db = em.getKysely<Db>();
  const { rows: locked } = await sql<{
    day: string;
  }>`select d.day, pg_advisory_xact_lock_shared(${DAY_LOCK}, ${dayKey(sql`d.day`)})
    from (values ${sql.join(days.map((day) => sql`(${day})`))}) as d (day)
    where d.day < to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`.execute(db);
  if (locked.length === 0) return;
  await db
    .updateTable('order_days')
    .set({ stale: true })
    .where('stale', '=', false)
    .where(
      'day',
      'in',
      locked.map((row) => row.day),
    )
    .execute();
}

export interface OrderDayCloserDeps extends Pick<ServiceKernel, 'orm' | 'now'> {}

/**
 * Rolls up each UTC day once it has ended: the kitchen's figures of the day (`order_days`) and each member's
 * (`order_member_days`), counted by the same statements that count a day live (kitchen-figures.ts), so a period
 * read from rollups has the figures it would have live. A day marked stale (markDaysChanged) is written again,
 * whatever its age. Of several processes (or calls) closing one day, the first writes it and the others find it
 * current. Runs as the orders.days job.
 */
export class OrderDayCloser {
  readonly #orm: Orm;
  readonly #now: () => number;

  constructor({ orm, now }: OrderDayCloserDeps) {
    this.#orm = orm;
    this.#now = now;
  }

  /**
   * The days to write, oldest first: each ended day after the last one rolled up (when none ever was, from the first
   * day with an order or an expired claim, at most BACKFILL_DAYS back: a new diner has no empty days to write), and
   * every day marked stale.
   */
  async due(): Promise<string[]> {
    const today = dayOf(this.#now());
    const db = this.#orm.em.fork().getKysely<Db>();
    const last = await db
      .selectFrom('order_days')
      .where('day', '<', today)
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst();
    const stale = await db
      .selectFrom('order_days')
      .where('stale', '=', true)
      .where('day', '<', today)
      .select('day')
      .execute();
    const days = new Set(stale.map((r) => r.day));
    const from = last?.day ? addDays(last.day, 1) : await this.#firstDayToRollUp(db, today);
    for (let day = from; day < today; day = addDays(day, 1)) days.add(day);
    return [...days].sort();
  }

  /** A database that never rolled a day up: the first day anything counts on, at most BACKFILL_DAYS back (none: today). */
  async #firstDayToRollUp(db: Kysely<Db>, today: string): Promise<string> {
    const first = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('orders')
          .select((o) => o.fn.min('ordered_at').as('at'))
          .as('ordered'),
        eb
          .selectFrom('order_claim_expiries')
          .select((e) => e.fn.min('claimed_at').as('at'))
          .as('claimed'),
      ])
      .executeTakeFirst();
    const moments = [first?.ordered, first?.claimed].filter((m) => m != null).map((m) => new Date(m).getTime());
    if (moments.length === 0) return today;
    const earliest = startOfDay(addDays(today, -BACKFILL_DAYS)).getTime();
    return dayOf(Math.max(Math.min(...moments), earliest));
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
    if (day >= dayOf(this.#now())) return false;
    if (!(await this.writersBefore(endOf(day), WRITERS_WAIT_MS))) return false;
    return this.#write(day);
  }

  /** Writes `day`'s rollup, once `writersBefore` its end said yes, unless another process or call did meanwhile. */
  async #write(day: string): Promise<boolean> {
    const now = new Date(this.#now());
    return this.#orm.em.fork().transactional(async (em) => {
      // The day's lock first (markDaysChanged's shared lock waits for it), then whether it still needs writing:
      // every statement after this one counts what had committed by then.
      const db = em.getKysely<Db>();
      await sql`select pg_advisory_xact_lock(${DAY_LOCK}, ${dayKey(day)})`.execute(db);
      const current = await db
        .selectFrom('order_days')
        .where('day', '=', day)
        .where('stale', '=', false)
        .select('day')
        .executeTakeFirst();
      if (current) return false;
      await writeDay(em, day, now);
      return true;
    });
  }

  /**
   * True once the database's clock is past `end` and no other transaction that began before `end` is running
   * (waiting up to `waitMs` for them); false otherwise. A write of today's orders takes no lock (markDaysChanged
   * skips the day its transaction began on): such a write of the day being closed began before the day ended, so
   * once none of those is running, all of them have committed and the count sees them. Later writes of the day take
   * its lock, which the count holds. The embedded database has one session: nothing else can be running.
   */
  async writersBefore(end: Date, waitMs: number): Promise<boolean> {
    const db = this.#orm.em.fork().getKysely<Db>();
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await sql<{ ended: boolean; writing: boolean }>`select now() >= ${end} as ended,
        exists (select 1 from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database() and xact_start < ${end}) as writing`.execute(
        db,
      );
      const state = rows[0]!;
      if (!state.ended) return false;
      if (!state.writing) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The moment `day` ends (UTC). */
const endOf = (day: string) => startOfDay(addDays(day, 1));

/** The kitchen's and every member's figures of `day`, counted live, replacing what was stored for it. */
async function writeDay(em: Em, day: string, now: Date): Promise<void> {
  const query = { fromDay: day, toDay: addDays(day, 1), user: null, rollups: false };
  const kitchen = (await kitchenDaysIn(em, query)).get(day);
  const members = await memberWorkIn(em, query);
  const db = em.getKysely<Db>();
  const figures = {
    ordered: kitchen?.ordered ?? 0,
    prepared: kitchen?.prepared ?? 0,
    delivered: kitchen?.delivered ?? 0,
    reported: kitchen?.reported ?? 0,
    r2d_us: kitchen?.readyToDelivered.us ?? 0n,
    r2d_n: kitchen?.readyToDelivered.n ?? 0,
    stale: false,
    closed_at: now,
  };
  await db
    .insertInto('order_days')
    .values({ day, ...figures })
    .onConflict((conflict) => conflict.column('day').doUpdateSet(figures))
    .execute();
  await db.deleteFrom('order_member_days').where('day', '=', day).execute();
  if (members.size === 0) return;
  await db
    .insertInto('order_member_days')
    .values(
      [...members].map(([userId, work]) => ({
        day,
        user_id: userId,
        claimed: work.claimed,
        claims_expired: work.claimsExpired,
        prepared: work.prepared,
        c2p_us: work.claimToPrepared.us,
        c2p_n: work.claimToPrepared.n,
        delivered: work.delivered,
        reported: work.reported,
        r2d_us: work.readyToDelivered.us,
        r2d_n: work.readyToDelivered.n,
      })),
    )
    .execute();
}
