import type { InferKyselyDB } from '@mikro-orm/sql';
import type { UserSchema } from '../../core/auth/entities.ts';
import type { Em } from '../../core/db/orm.ts';
import { votesBetweenIn } from '../appeals/index.ts';
import { type DurationSum, kitchenDaysIn, memberWorkIn } from '../orders/index.ts';
import { rankHolderIdsIn } from '../ranks/index.ts';
import { reviewsBetweenIn } from '../recruitment/index.ts';
import type { DayFigures, StatisticsFigures, StatisticsPerson } from './schemas.ts';
import { addDays } from './schemas.ts';

/**
 * The figures of a period, composed from the plugins that own what is counted: the kitchen's work from the orders
 * plugin's read API (`memberWorkIn`, `kitchenDaysIn`: ended days from its daily rollups, the rest counted live), the
 * management queues' from recruitment's reviews and appeals' votes over the whole period (never summed from days:
 * an application reviewed on two days counts once in a week). Means are taken here, once, from the sums of
 * microseconds and counts, and rounded to a tenth of a second. docs/statistics.md.
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
  const work = await memberWorkIn(em, { fromDay, toDay, user, rollups: options.rollups !== false });
  const period = [new Date(`${fromDay}T00:00:00Z`), new Date(`${toDay}T00:00:00Z`)] as const;
  const reviews = await reviewsBetweenIn(em, ...period, user);
  const votes = await votesBetweenIn(em, ...period, user);
  const staff = options.staff && !user ? await rankHolderIdsIn(em) : [];
  const figures = new Map<string, Figures>();
  for (const [uid, w] of work) {
    figures.set(uid, {
      claimed: w.claimed,
      prepared: w.prepared,
      delivered: w.delivered,
      reported: w.reported,
      claimsExpired: w.claimsExpired,
      avgClaimToPreparedS: meanSeconds(w.claimToPrepared),
      avgReadyToDeliveredS: meanSeconds(w.readyToDelivered),
      applicationsReviewed: 0,
      appealVotes: 0,
    });
  }
  // A member who only reviewed or voted, or did nothing at all, counted nothing in the kitchen.
  const of = (uid: string) => figures.get(uid) ?? figures.set(uid, zeroFigures()).get(uid)!;
  for (const uid of staff) of(uid);
  for (const [uid, n] of reviews) of(uid).applicationsReviewed = n;
  for (const [uid, n] of votes) of(uid).appealVotes = n;
  return figures;
}

/** How each of `ids` is called now; a user who no longer exists shows as Unknown user. */
export async function people(em: Em, ids: readonly string[]): Promise<Map<string, StatisticsPerson>> {
  const found = new Map<string, StatisticsPerson>();
  if (ids.length === 0) return found;
  const rows = await em
    .getKysely<InferKyselyDB<typeof UserSchema>>()
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'avatar'])
    .where('id', 'in', [...ids])
    .execute();
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
  const toDay = addDays(fromDay, days);
  const byDay = await kitchenDaysIn(em, { fromDay, toDay, user, rollups: options.rollups !== false });
  const out: DayFigures[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(fromDay, i);
    const figures = byDay.get(day);
    out.push({
      day,
      ordered: figures?.ordered ?? 0,
      prepared: figures?.prepared ?? 0,
      delivered: figures?.delivered ?? 0,
      reported: figures?.reported ?? 0,
      avgReadyToDeliveredS: figures ? meanSeconds(figures.readyToDelivered) : null,
    });
  }
  return out;
}

/** The mean of `sum` in seconds, rounded to a tenth (half up), in integers: exact whatever the grouping of days. */
export function meanSeconds(sum: DurationSum): number | null {
  if (sum.n === 0) return null;
  const tenth = BigInt(sum.n) * 100_000n;
  return Number(floorDiv(2n * sum.us + tenth, 2n * tenth)) / 10;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
