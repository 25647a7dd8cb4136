import type { InferKyselyDB } from '@mikro-orm/sql';
import { type AliasableExpression, type Compilable, type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { Em } from '../../core/db/orm.ts';
import { type Param, PreparedQuery, sqlWriter } from '../../core/db/prepared.ts';
import { startOfDay } from '../../core/shared/days.ts';
import type { ClaimExpirySchema, OrderDaySchema, OrderMemberDaySchema, OrderSchema } from './entities.ts';

/**
 * The kitchen's figures, counted from the orders and expired claims: per member (claimed, claims expired, prepared,
 * delivered, reported, and two durations) and per day for the kitchen or one member. The orders plugin's read API
 * for the statistics (README.md, "The kitchen's figures": what counts, and when).
 *
 * One statement per question. Its first CTE, `rolled`, holds the ended days whose rollup is current (order_days,
 * written by OrderDayCloser); `live` the other days of the period (usually today alone), each with its moments
 * [lo, hi). A rolled day is read from its rollup; a live day is counted from the tables, each branch joining `live`
 * to the index on the moment it counts by (one range scan per live day). The choice and the count see one snapshot.
 * Each statement is built once per shape (one member or all; rollups or not) and run with its values in the caller's
 * transaction (PreparedQuery.runIn): building it with Kysely cost about a third of a statistics request's CPU.
 */

/** A sum of durations: microseconds and how many, so any grouping of days adds up to the same mean exactly. */
export interface DurationSum {
  us: bigint;
  n: number;
}

/** What one member did in the kitchen over some days. */
export interface MemberWork {
  claimed: number;
  claimsExpired: number;
  prepared: number;
  /** From claiming an order to starting to cook it. */
  claimToPrepared: DurationSum;
  delivered: number;
  reported: number;
  /** From an order being ready to its delivery (reported orders apart). */
  readyToDelivered: DurationSum;
}

/** The kitchen's (or one member's) figures of one day; orders placed are the kitchen's alone. */
export interface KitchenDay {
  day: string;
  ordered: number;
  prepared: number;
  delivered: number;
  reported: number;
  readyToDelivered: DurationSum;
}

/** The days [fromDay, toDay) (`YYYY-MM-DD`, UTC), for one member or the whole kitchen. */
export interface FiguresQuery {
  fromDay: string;
  toDay: string;
  /** One member, or null for everyone (the kitchen). */
  user: string | null;
  /** Read ended days from their rollups (the default); false counts every day live (the closer, and tests). */
  rollups?: boolean;
}

type Tables = InferKyselyDB<
  typeof OrderSchema | typeof ClaimExpirySchema | typeof OrderDaySchema | typeof OrderMemberDaySchema
>;
/** The tables and the two CTEs every statement starts with. */
type Db = Tables & { rolled: { day: string }; live: { day: string; lo: Date; hi: Date } };
type Eb = ExpressionBuilder<Db, never>;
type Column<T> = AliasableExpression<T>;

const writer = sqlWriter<Tables>();

/** A statement's values: the period, its first moment and length in days, and the member (null: everyone). */
interface Values extends Record<string, string | number | Date | null> {
  fromDay: string;
  toDay: string;
  firstMoment: Date;
  days: number;
  user: string | null;
}

/** What changes a statement's text: one member or everyone, and whether ended days are read from their rollups. */
interface Shape {
  member: boolean;
  rollups: boolean;
}

function valuesOf(query: FiguresQuery): Values {
  const days = Math.round((startOfDay(query.toDay).getTime() - startOfDay(query.fromDay).getTime()) / 86_400_000);
  return {
    fromDay: query.fromDay,
    toDay: query.toDay,
    firstMoment: startOfDay(query.fromDay),
    days,
    user: query.user,
  };
}

/** The statement `query` builds, for each shape, made at its first use (its name says the shape). */
function perShape<R>(
  name: string,
  query: (param: Param<Values>, shape: Shape) => Compilable<R>,
): (shape: Shape) => PreparedQuery<Values, R> {
  const made = new Map<string, PreparedQuery<Values, R>>();
  return (shape) => {
    const key = `${name}.${shape.member ? 'member' : 'all'}_${shape.rollups ? 'rollups' : 'live'}`;
    let statement = made.get(key);
    if (!statement) {
      statement = new PreparedQuery(key, (param) => query(param, shape));
      made.set(key, statement);
    }
    return statement;
  };
}

const shapeOf = (query: FiguresQuery): Shape => ({ member: query.user !== null, rollups: query.rollups !== false });

/** The period's days, split into `rolled` and `live`, as CTEs of the statement built on them. */
function withDays(param: Param<Values>, shape: Shape) {
  return writer
    .with('rolled', (db) =>
      db
        .selectFrom('order_days')
        .select('day')
        .where('day', '>=', param('fromDay'))
        .where('day', '<', param('toDay'))
        .where('stale', '=', false)
        .$if(!shape.rollups, (qb) => qb.where(sql<boolean>`false`)),
    )
    .with('live', (db) =>
      db
        // An integer series: with its bounds known, the planner knows how many days are live (usually one), and
        // keeps each branch's index range scan per live day.
        .selectFrom(
          sql<{ day: string; lo: Date }>`(select to_char(s.lo at time zone 'UTC', 'YYYY-MM-DD') as day, s.lo
            from (select ${param('firstMoment')}::timestamptz + i * interval '1 day' as lo
                  from generate_series(0, ${param('days')}::int - 1) i) s)`.as('d'),
        )
        .where('d.day', 'not in', (eb) => eb.selectFrom('rolled').select('rolled.day'))
        .select((eb) => ['d.day', 'd.lo', sql<Date>`${eb.ref('d.lo')} + interval '1 day'`.as('hi')]),
    );
}

const ZERO = sql<number>`0`;
const ONE = sql<number>`1`;
const NO_DURATION = sql<string | null>`null::bigint`;

/** The microseconds from `earlier` to `later`, exact (null when either is). */
const micros = (later: Column<Date | null>, earlier: Column<Date | null>) =>
  sql<string | null>`(extract(epoch from (${later} - ${earlier})) * 1000000)::bigint`;

/** A delivered order's part: delivered or reported, and the ready-to-delivered time of one not reported. */
function deliveredColumns(report: Column<boolean>, deliveredAt: Column<Date | null>, readyAt: Column<Date | null>) {
  return {
    delivered: sql<number>`(not ${report})::int`,
    reported: sql<number>`${report}::int`,
    r2dUs: sql<string | null>`case when not ${report} then ${micros(deliveredAt, readyAt)} end`,
    r2dN: sql<number>`(not ${report} and ${readyAt} is not null)::int`,
  };
}

interface MemberColumns {
  claimed?: Column<number>;
  expired?: Column<number>;
  prepared?: Column<number>;
  c2pUs?: Column<string | null>;
  c2pN?: Column<number>;
  delivered?: Column<number>;
  reported?: Column<number>;
  r2dUs?: Column<string | null>;
  r2dN?: Column<number>;
}

/** One branch's select list for member figures: the member, then every figure (zero where the branch has none). */
function memberRow(uid: Column<string | null>, c: MemberColumns) {
  return [
    uid.as('uid'),
    (c.claimed ?? ZERO).as('claimed'),
    (c.expired ?? ZERO).as('expired'),
    (c.prepared ?? ZERO).as('prepared'),
    (c.c2pUs ?? NO_DURATION).as('c2p_us'),
    (c.c2pN ?? ZERO).as('c2p_n'),
    (c.delivered ?? ZERO).as('delivered'),
    (c.reported ?? ZERO).as('reported'),
    (c.r2dUs ?? NO_DURATION).as('r2d_us'),
    (c.r2dN ?? ZERO).as('r2d_n'),
  ] as const;
}

/** Orders whose `moment` falls in a live day. */
const liveOrders = (eb: Eb, moment: 'o.ordered_at' | 'o.claimed_at' | 'o.prepare_started_at' | 'o.delivered_at') =>
  eb
    .selectFrom('live as l')
    .innerJoin('orders as o', (join) => join.onRef(moment, '>=', 'l.lo').onRef(moment, '<', 'l.hi'));

/** Expired claims whose `moment` falls in a live day. */
const liveExpiries = (eb: Eb, moment: 'e.claimed_at' | 'e.expired_at') =>
  eb
    .selectFrom('live as l')
    .innerJoin('order_claim_expiries as e', (join) => join.onRef(moment, '>=', 'l.lo').onRef(moment, '<', 'l.hi'));

const DELIVERED = 'DELIVERED' as const;

/** Every thing a member counted in the period, one row each (the rolled days: one row per member and day). */
function memberBranches(eb: Eb, user: Expression<string | null> | null) {
  const rolled = eb
    .selectFrom('order_member_days as m')
    .where('m.day', 'in', (inner) => inner.selectFrom('rolled').select('rolled.day'))
    .$if(user !== null, (qb) => qb.where('m.user_id', '=', user!))
    .select((m) =>
      memberRow(m.ref('m.user_id'), {
        claimed: m.ref('m.claimed'),
        expired: m.ref('m.claims_expired'),
        prepared: m.ref('m.prepared'),
        c2pUs: sql<string | null>`${m.ref('m.c2p_us')}`,
        c2pN: m.ref('m.c2p_n'),
        delivered: m.ref('m.delivered'),
        reported: m.ref('m.reported'),
        r2dUs: sql<string | null>`${m.ref('m.r2d_us')}`,
        r2dN: m.ref('m.r2d_n'),
      }),
    );
  const claimed = liveOrders(eb, 'o.claimed_at')
    .where('o.claimed_by', user === null ? 'is not' : '=', user)
    .select((o) => memberRow(o.ref('o.claimed_by'), { claimed: ONE }));
  // A claim that expired no longer shows on its order: it was claimed (on the day of its claim) and expired.
  const expiredClaims = liveExpiries(eb, 'e.claimed_at')
    .$if(user !== null, (qb) => qb.where('e.chef', '=', user!))
    .select((e) => memberRow(e.ref('e.chef'), { claimed: ONE }));
  const expiries = liveExpiries(eb, 'e.expired_at')
    .$if(user !== null, (qb) => qb.where('e.chef', '=', user!))
    .select((e) => memberRow(e.ref('e.chef'), { expired: ONE }));
  const prepared = liveOrders(eb, 'o.prepare_started_at')
    .where('o.prepared_by', user === null ? 'is not' : '=', user)
    .select((o) =>
      memberRow(o.ref('o.prepared_by'), {
        prepared: ONE,
        c2pUs: micros(o.ref('o.prepare_started_at'), o.ref('o.claimed_at')),
        c2pN: sql<number>`(${o.ref('o.claimed_at')} is not null)::int`,
      }),
    );
  const delivered = liveOrders(eb, 'o.delivered_at')
    .where('o.status', '=', DELIVERED)
    .where('o.delivered_by', user === null ? 'is not' : '=', user)
    .select((o) => {
      const d = deliveredColumns(o.ref('o.report'), o.ref('o.delivered_at'), o.ref('o.ready_at'));
      return memberRow(o.ref('o.delivered_by'), {
        delivered: d.delivered,
        reported: d.reported,
        r2dUs: d.r2dUs,
        r2dN: d.r2dN,
      });
    });
  return rolled.unionAll(claimed).unionAll(expiredClaims).unionAll(expiries).unionAll(prepared).unionAll(delivered);
}

const count = (value: string | number | null) => Number(value ?? 0);
const duration = (us: string | number | bigint | null, n: string | number | null): DurationSum => ({
  us: BigInt(us ?? 0),
  n: count(n),
});

function memberWorkQuery(param: Param<Values>, shape: Shape) {
  return withDays(param, shape)
    .selectFrom((eb) => memberBranches(eb, shape.member ? param('user') : null).as('f'))
    .select((eb) => [
      'f.uid',
      eb.fn.sum<string>('f.claimed').as('claimed'),
      eb.fn.sum<string>('f.expired').as('expired'),
      eb.fn.sum<string>('f.prepared').as('prepared'),
      eb.fn.sum<string | null>('f.c2p_us').as('c2p_us'),
      eb.fn.sum<string>('f.c2p_n').as('c2p_n'),
      eb.fn.sum<string>('f.delivered').as('delivered'),
      eb.fn.sum<string>('f.reported').as('reported'),
      eb.fn.sum<string | null>('f.r2d_us').as('r2d_us'),
      eb.fn.sum<string>('f.r2d_n').as('r2d_n'),
    ])
    .groupBy('f.uid');
}

const MEMBER_WORK = perShape('orders.member_work', memberWorkQuery);

/** What each member (or `query.user` alone) did in the period; members who did nothing are absent. */
export async function memberWorkIn(em: Em, query: FiguresQuery): Promise<Map<string, MemberWork>> {
  const rows = await MEMBER_WORK(shapeOf(query)).runIn(em, valuesOf(query));
  const work = new Map<string, MemberWork>();
  for (const row of rows) {
    if (row.uid === null) continue;
    work.set(row.uid, {
      claimed: count(row.claimed),
      claimsExpired: count(row.expired),
      prepared: count(row.prepared),
      claimToPrepared: duration(row.c2p_us, row.c2p_n),
      delivered: count(row.delivered),
      reported: count(row.reported),
      readyToDelivered: duration(row.r2d_us, row.r2d_n),
    });
  }
  return work;
}

interface DayColumns {
  ordered?: Column<number>;
  prepared?: Column<number>;
  delivered?: Column<number>;
  reported?: Column<number>;
  r2dUs?: Column<string | null>;
  r2dN?: Column<number>;
}

/** One branch's select list for daily figures: the day, then every figure (zero where the branch has none). */
function dayRow(day: Column<string>, c: DayColumns) {
  return [
    day.as('day'),
    (c.ordered ?? ZERO).as('ordered'),
    (c.prepared ?? ZERO).as('prepared'),
    (c.delivered ?? ZERO).as('delivered'),
    (c.reported ?? ZERO).as('reported'),
    (c.r2dUs ?? NO_DURATION).as('r2d_us'),
    (c.r2dN ?? ZERO).as('r2d_n'),
  ] as const;
}

/** Every thing counted per day: the rolled days' rows, then each live day's orders placed, prepared, delivered. */
function dayBranches(eb: Eb, user: Expression<string | null> | null) {
  const rolled =
    user === null
      ? eb
          .selectFrom('order_days as s')
          .where('s.day', 'in', (inner) => inner.selectFrom('rolled').select('rolled.day'))
          .select((s) =>
            dayRow(s.ref('s.day'), {
              ordered: s.ref('s.ordered'),
              prepared: s.ref('s.prepared'),
              delivered: s.ref('s.delivered'),
              reported: s.ref('s.reported'),
              r2dUs: sql<string | null>`${s.ref('s.r2d_us')}`,
              r2dN: s.ref('s.r2d_n'),
            }),
          )
      : eb
          .selectFrom('order_member_days as s')
          .where('s.day', 'in', (inner) => inner.selectFrom('rolled').select('rolled.day'))
          .where('s.user_id', '=', user)
          .select((s) =>
            dayRow(s.ref('s.day'), {
              prepared: s.ref('s.prepared'),
              delivered: s.ref('s.delivered'),
              reported: s.ref('s.reported'),
              r2dUs: sql<string | null>`${s.ref('s.r2d_us')}`,
              r2dN: s.ref('s.r2d_n'),
            }),
          );
  // Orders placed are the kitchen's: a member does not place them (this branch is empty for one member).
  const ordered = liveOrders(eb, 'o.ordered_at')
    .$if(user !== null, (qb) => qb.where(sql<boolean>`false`))
    .select((o) => dayRow(o.ref('l.day'), { ordered: ONE }));
  const prepared = liveOrders(eb, 'o.prepare_started_at')
    .where('o.prepared_by', user === null ? 'is not' : '=', user)
    .select((o) => dayRow(o.ref('l.day'), { prepared: ONE }));
  const delivered = liveOrders(eb, 'o.delivered_at')
    .where('o.status', '=', DELIVERED)
    .where('o.delivered_by', user === null ? 'is not' : '=', user)
    .select((o) =>
      dayRow(o.ref('l.day'), deliveredColumns(o.ref('o.report'), o.ref('o.delivered_at'), o.ref('o.ready_at'))),
    );
  return rolled.unionAll(ordered).unionAll(prepared).unionAll(delivered);
}

function kitchenDaysQuery(param: Param<Values>, shape: Shape) {
  return withDays(param, shape)
    .selectFrom((eb) => dayBranches(eb, shape.member ? param('user') : null).as('x'))
    .select((eb) => [
      'x.day',
      eb.fn.sum<string>('x.ordered').as('ordered'),
      eb.fn.sum<string>('x.prepared').as('prepared'),
      eb.fn.sum<string>('x.delivered').as('delivered'),
      eb.fn.sum<string>('x.reported').as('reported'),
      eb.fn.sum<string | null>('x.r2d_us').as('r2d_us'),
      eb.fn.sum<string>('x.r2d_n').as('r2d_n'),
    ])
    .groupBy('x.day');
}

const KITCHEN_DAYS = perShape('orders.kitchen_days', kitchenDaysQuery);

/** The kitchen's (or `query.user`'s) figures of each day of the period that has any, keyed by day. */
export async function kitchenDaysIn(em: Em, query: FiguresQuery): Promise<Map<string, KitchenDay>> {
  const rows = await KITCHEN_DAYS(shapeOf(query)).runIn(em, valuesOf(query));
  const days = new Map<string, KitchenDay>();
  for (const row of rows)
    days.set(row.day, {
      day: row.day,
      ordered: count(row.ordered),
      prepared: count(row.prepared),
      delivered: count(row.delivered),
      reported: count(row.reported),
      readyToDelivered: duration(row.r2d_us, row.r2d_n),
    });
  return days;
}
