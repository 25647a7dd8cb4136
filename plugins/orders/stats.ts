import type { Orm } from '../../core/db/orm.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type {
  Leaderboard,
  LeaderboardEntry,
  LeaderboardPeriod,
  LeaderboardTeamEntry,
  OrderFigures,
  OrderStats,
  OrderView,
  ShiftFigures,
  UserSummary,
} from './schemas.ts';
import { selectOrderViews, unknownUser } from './views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LEADERBOARD_TTL_MS = 60_000;
const TOP = 10;

/** When a period starts, `now` being the moment the board is computed: the last 24 hours, 7 days, 30 days, or ever. */
export function leaderboardSince(period: LeaderboardPeriod, now: number): Date {
  const days = { day: 1, week: 7, month: 30, all: 0 }[period];
  return new Date(days === 0 ? 0 : now - days * DAY_MS);
}

/** Top teams for a period (plugins/teams registers it): the orders plugin only places it on the board. */
export type TeamBoard = (period: LeaderboardPeriod, since: Date) => Promise<LeaderboardTeamEntry[]>;

/** Who counts: a delivered order that was not reported (reported orders were trolls: nobody earns them). */
const COUNTED = `o.status = 'DELIVERED' and not o.report`;

export interface OrderStatsServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'now'> {}

/**
 * Figures about delivered orders: the public leaderboard (cached 60 s, dropped when an order is delivered or a member's
 * identity changes in this process), a user's own figures (profile, dashboard) and the home page's.
 */
export class OrderStatsService {
  readonly #orm: Orm;
  readonly #now: () => number;
  readonly #leaderboards = new Map<LeaderboardPeriod, { at: number; value: Promise<Leaderboard> }>();
  #teams: TeamBoard | null = null;

  constructor({ orm, events, now = Date.now }: OrderStatsServiceDeps) {
    this.#orm = orm;
    this.#now = now;
    events.on('deliverOrder', () => this.#leaderboards.clear());
    // A renamed (or banned, re-ranked) member shows as they are now, not for up to a minute as they were.
    events.on('identityChanged', () => this.#leaderboards.clear());
  }

  /** The teams plugin's Top teams, placed on the board from now on. */
  withTeams(board: TeamBoard): void {
    this.#teams = board;
    this.forgetLeaderboards();
  }

  /** Drops the cached boards: something they show changed (a team's counter, name or members). */
  forgetLeaderboards(): void {
    this.#leaderboards.clear();
  }

  /** Top 10 chefs (prepared), drivers (delivered), customers (ordered) and teams: last 24 h, 7 days, 30 days or all time. */
  leaderboard(period: LeaderboardPeriod): Promise<Leaderboard> {
    const cached = this.#leaderboards.get(period);
    if (cached && performance.now() - cached.at < LEADERBOARD_TTL_MS) return cached.value;
    const value = this.#computeLeaderboard(period);
    this.#leaderboards.set(period, { at: performance.now(), value });
    value.catch(() => this.#leaderboards.delete(period));
    return value;
  }

  async #computeLeaderboard(period: LeaderboardPeriod): Promise<Leaderboard> {
    const now = this.#now();
    const since = leaderboardSince(period, now);
    const em = this.#orm.em.fork();
    const top = async (column: 'prepared_by' | 'delivered_by' | 'customer'): Promise<LeaderboardEntry[]> => {
      const rows = await em.execute<
        {
          uid: string;
          n: number | string;
          username: string | null;
          display_name: string | null;
          avatar: string | null;
        }[]
      >(
        `select o.${column} as uid, count(*) as n, u.username, u.display_name, u.avatar
         from orders o left join users u on u.id = o.${column}
         where ${COUNTED} and o.${column} is not null and o.delivered_at >= ?
         group by o.${column}, u.username, u.display_name, u.avatar
         order by n desc, uid asc limit ${TOP}`,
        [since],
      );
      return rows.map((r) => ({ user: summary(r.uid, r), orders: Number(r.n), hasProfile: r.username !== null }));
    };
    return {
      period,
      generatedAt: new Date(now).toISOString(),
      chefs: await top('prepared_by'),
      drivers: await top('delivered_by'),
      customers: await top('customer'),
      teams: this.#teams ? await this.#teams(period, since) : [],
    };
  }

  /** A user's delivered orders as customer, chef and driver (profile and dashboard). */
  async figuresFor(userId: string): Promise<OrderFigures> {
    const [row] = await this.#orm.em.fork().execute<Record<string, number | string>[]>(
      `select count(*) filter (where o.customer = ?) as ordered, count(*) filter (where o.prepared_by = ?) as prepared,
         count(*) filter (where o.delivered_by = ?) as delivered
       from orders o where ${COUNTED} and (o.customer = ? or o.prepared_by = ? or o.delivered_by = ?)`,
      [userId, userId, userId, userId, userId, userId],
    );
    return {
      ordered: Number(row?.ordered ?? 0),
      prepared: Number(row?.prepared ?? 0),
      delivered: Number(row?.delivered ?? 0),
    };
  }

  /**
   * The staff dashboard's figures: what a user prepared and delivered today (since 00:00 UTC), in the last 7 days
   * and in the 7 days before, so a shift can be compared with the last.
   */
  async shiftFiguresFor(userId: string): Promise<ShiftFigures> {
    const now = this.#now();
    const midnight = new Date(now);
    midnight.setUTCHours(0, 0, 0, 0);
    const weekAgo = new Date(now - 7 * DAY_MS);
    const twoWeeksAgo = new Date(now - 14 * DAY_MS);
    const [row] = await this.#orm.em.fork().execute<Record<string, number | string>[]>(
      `select
         count(*) filter (where o.prepared_by = ? and o.delivered_at >= ?) as prepared_today,
         count(*) filter (where o.delivered_by = ? and o.delivered_at >= ?) as delivered_today,
         count(*) filter (where o.prepared_by = ? and o.delivered_at >= ?) as prepared_week,
         count(*) filter (where o.delivered_by = ? and o.delivered_at >= ?) as delivered_week,
         count(*) filter (where o.prepared_by = ? and o.delivered_at >= ? and o.delivered_at < ?) as prepared_last_week,
         count(*) filter (where o.delivered_by = ? and o.delivered_at >= ? and o.delivered_at < ?) as delivered_last_week
       from orders o where ${COUNTED} and o.delivered_at >= ? and (o.prepared_by = ? or o.delivered_by = ?)`,
      [
        userId,
        midnight,
        userId,
        midnight,
        userId,
        weekAgo,
        userId,
        weekAgo,
        userId,
        twoWeeksAgo,
        weekAgo,
        userId,
        twoWeeksAgo,
        weekAgo,
        twoWeeksAgo,
        userId,
        userId,
      ],
    );
    const n = (key: string) => Number(row?.[key] ?? 0);
    return {
      today: { prepared: n('prepared_today'), delivered: n('delivered_today') },
      week: { prepared: n('prepared_week'), delivered: n('delivered_week') },
      lastWeek: { prepared: n('prepared_last_week'), delivered: n('delivered_last_week') },
    };
  }

  /**
   * The home page's "just delivered": the latest delivered order that has a picture and was not reported, so a
   * visitor sees what the product makes. Null when there is none.
   */
  async latestDelivery(): Promise<OrderView | null> {
    // `delivered_at is not null` (every delivered order has one) lets the partial index on it give the latest.
    const [order] = await selectOrderViews(
      this.#orm.em.fork(),
      `${COUNTED} and o.delivered_at is not null and cardinality(o.images) > 0`,
      [],
      'order by o.delivered_at desc limit 1',
    );
    return order ?? null;
  }

  /** The home page's live figures: delivered since 00:00 UTC, and orders in the kitchen or on their way. */
  async stats(): Promise<OrderStats> {
    const midnight = new Date(this.#now());
    midnight.setUTCHours(0, 0, 0, 0);
    const em = this.#orm.em.fork();
    const [delivered] = await em.execute<{ n: number | string }[]>(
      `select count(*) as n from orders o where ${COUNTED} and o.delivered_at >= ?`,
      [midnight],
    );
    const [active] = await em.execute<{ n: number | string }[]>(
      `select count(*) as n from orders o where o.status in ('ORDERED', 'CLAIMED', 'PREPARING', 'READY')`,
    );
    return { deliveredToday: Number(delivered?.n ?? 0), activeOrders: Number(active?.n ?? 0) };
  }
}

function summary(
  id: string,
  row: { username: string | null; display_name: string | null; avatar: string | null },
): UserSummary {
  return row.username === null
    ? unknownUser(id)
    : { id, username: row.username, displayName: row.display_name, avatar: row.avatar };
}
