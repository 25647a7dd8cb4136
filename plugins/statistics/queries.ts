import type { Em } from '../../core/db/orm.ts';
import { votesBetweenIn } from '../appeals/index.ts';
import { reviewsBetweenIn } from '../recruitment/index.ts';
import { dayParts, MEMBER_SUMS, meanSeconds, memberParts, STAFF_PART, unionAll, window } from './parts.ts';
import type { DayFigures, StatisticsFigures, StatisticsPerson } from './schemas.ts';
import { addDays } from './schemas.ts';

/**
 * The figures, counted by PostgreSQL in one statement per question: the closed days of a period from their rollups
 * (statistics_days, statistics_member_days: about one row per member and day, written by the DayCloser), the rest
 * (today, a day not rolled up yet or changed since) from the tables themselves, each branch reading one table
 * through an index on the moment it filters by (orders: claimed_at, prepare_started_at, delivered_at, ordered_at;
 * claim_expiries: expired_at), grouped in the database (parts.ts). Node receives one row per member or
 * per day, never orders.
 *
 * This is a read model: it reads the orders table (read-only, never writes it). The management queues' figures come
 * from their plugins' read APIs (recruitment's reviews, appeals' votes) over the whole period: never rolled up, since
 * an application reviewed on two days counts once in a week, so days do not add up. docs/statistics.md.
 */

export type Figures = Omit<StatisticsFigures, 'leaveDays'>;
export interface MemberFigures extends Figures {
  userId: string;
}

const ZERO: Figures = {
  claimed: 0,
  prepared: 0,
  delivered: 0,
  reported: 0,
  claimsExpired: 0,
  avgClaimToPreparedS: null,
  avgReadyToDeliveredS: null,
  applicationsReviewed: 0,
  appealVotes: 0,
};
export const zeroFigures = (): Figures => ({ ...ZERO });

/** Whether to read closed days from their rollups (the default) or count every day live (tests compare the two). */
export interface ReadOptions {
  rollups?: boolean;
  /** Also every member of staff (a rank holder), with zeros where nothing was counted. */
  staff?: boolean;
}

/** Per member (or for `user` only): every figure but leave days, for the days [fromDay, toDay). */
export async function memberFigures(
  em: Em,
  fromDay: string,
  toDay: string,
  user: string | null = null,
  options: ReadOptions = {},
): Promise<Map<string, Figures>> {
  const [ctes, cteParams] = window(fromDay, toDay, options.rollups !== false);
  const parts = [...memberParts(user), ...(options.staff && !user ? [STAFF_PART] : [])];
  const [union, params] = unionAll(parts);
  const rows = await em.execute<Record<string, string | number | null>[]>(
    `${ctes}
     select ${MEMBER_SUMS}, ${meanSeconds('sum(f.c2p_us)', 'sum(f.c2p_n)')} as c2p, ${meanSeconds('sum(f.r2d_us)', 'sum(f.r2d_n)')} as r2d
     from (${union}) f group by f.uid`,
    [...cteParams, ...params],
  );
  const period = [new Date(`${fromDay}T00:00:00Z`), new Date(`${toDay}T00:00:00Z`)] as const;
  const reviews = await reviewsBetweenIn(em, ...period, user);
  const votes = await votesBetweenIn(em, ...period, user);
  const figures = new Map<string, Figures>();
  for (const row of rows) {
    figures.set(String(row.uid), {
      claimed: Number(row.claimed),
      prepared: Number(row.prepared),
      delivered: Number(row.delivered),
      reported: Number(row.reported),
      claimsExpired: Number(row.expired),
      avgClaimToPreparedS: seconds(row.c2p),
      avgReadyToDeliveredS: seconds(row.r2d),
      applicationsReviewed: 0,
      appealVotes: 0,
    });
  }
  // A member who only reviewed or voted counted nothing in the kitchen.
  const of = (uid: string) => figures.get(uid) ?? figures.set(uid, zeroFigures()).get(uid)!;
  for (const [uid, n] of reviews) of(uid).applicationsReviewed = n;
  for (const [uid, n] of votes) of(uid).appealVotes = n;
  return figures;
}

/** How each of `ids` is called now; a user who no longer exists shows as Unknown user. */
export async function people(em: Em, ids: readonly string[]): Promise<Map<string, StatisticsPerson>> {
  const found = new Map<string, StatisticsPerson>();
  if (ids.length === 0) return found;
  const rows = await em.execute<{ id: string; username: string; display_name: string | null; avatar: string | null }[]>(
    `select id, username, display_name, avatar from users where id in (${ids.map(() => '?').join(', ')})`,
    [...ids],
  );
  for (const row of rows)
    found.set(row.id, { id: row.id, username: row.username, displayName: row.display_name, avatar: row.avatar });
  for (const id of ids)
    if (!found.has(id)) found.set(id, { id, username: 'Unknown user', displayName: null, avatar: null });
  return found;
}

/**
 * The kitchen (or one member) per UTC day over `days` days from `fromDay`: orders placed, prepared, delivered,
 * reported, and the average time from ready to delivered. Days without any come back as zeros, so a chart has
 * every day.
 */
export async function dailyFigures(
  em: Em,
  fromDay: string,
  days: number,
  user: string | null = null,
  options: ReadOptions = {},
): Promise<DayFigures[]> {
  const [ctes, cteParams] = window(fromDay, addDays(fromDay, days), options.rollups !== false);
  const [union, params] = unionAll(dayParts(user));
  const rows = await em.execute<Record<string, string | number | null>[]>(
    `${ctes}
     select x.day, sum(x.ordered) as ordered, sum(x.prepared) as prepared, sum(x.delivered) as delivered, sum(x.reported) as reported,
       ${meanSeconds('sum(x.r2d_us)', 'sum(x.r2d_n)')} as r2d
     from (${union}) x group by 1`,
    [...cteParams, ...params],
  );
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const out: DayFigures[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(fromDay, i);
    const row = byDay.get(day);
    out.push({
      day,
      ordered: Number(row?.ordered ?? 0),
      prepared: Number(row?.prepared ?? 0),
      delivered: Number(row?.delivered ?? 0),
      reported: Number(row?.reported ?? 0),
      avgReadyToDeliveredS: seconds(row?.r2d ?? null),
    });
  }
  return out;
}

function seconds(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 10) / 10;
}
