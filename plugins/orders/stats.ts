import type { InferKyselyDB } from '@mikro-orm/sql';
import type { ExpressionBuilder } from 'kysely';
import type { UserSchema } from '../../core/auth/entities.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type { OrderSchema } from './entities.ts';
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
import { ACTIVE_STATUSES } from './schemas.ts';
import { orderViews, toOrderView, unknownUser } from './views.ts';

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

/** The orders and core's users as Kysely sees them, typed from the entities. */
type StatsDB = InferKyselyDB<typeof OrderSchema | typeof UserSchema>;
const statsSql = (em: Em) => em.getKysely<StatsDB>();

/** Who counts: a delivered order that was not reported (reported orders were trolls: nobody earns them). */
const counted = (eb: ExpressionBuilder<StatsDB & { o: StatsDB['orders'] }, 'o'>) =>
  eb.and([eb('o.status', '=', 'DELIVERED'), eb('o.report', '=', false)]);

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

  constructor({ orm, events, now }: OrderStatsServiceDeps) {
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
      const person = `o.${column}` as const;
      const rows = await statsSql(em)
        .selectFrom('orders as o')
        .leftJoin('users as u', 'u.id', person)
        .select((eb) => [
          eb.ref(person).$notNull().as('uid'),
          eb.fn.countAll<number | string>().as('n'),
          'u.username',
          'u.display_name',
          'u.avatar',
        ])
        .where(counted)
        .where(person, 'is not', null)
        .where('o.delivered_at', '>=', since)
        .groupBy([person, 'u.username', 'u.display_name', 'u.avatar'])
        .orderBy('n', 'desc')
        .orderBy('uid', 'asc')
        .limit(TOP)
        .execute();
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
    const row = await statsSql(this.#orm.em.fork())
      .selectFrom('orders as o')
      .select((eb) => [
        eb.fn.countAll<number | string>().filterWhere('o.customer', '=', userId).as('ordered'),
        eb.fn.countAll<number | string>().filterWhere('o.prepared_by', '=', userId).as('prepared'),
        eb.fn.countAll<number | string>().filterWhere('o.delivered_by', '=', userId).as('delivered'),
      ])
      .where(counted)
      .where((eb) =>
        eb.or([eb('o.customer', '=', userId), eb('o.prepared_by', '=', userId), eb('o.delivered_by', '=', userId)]),
      )
      .executeTakeFirst();
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
    // Each figure: the user's role, delivered from `from` (and before `to`).
    const windows = [
      ['prepared_today', 'o.prepared_by', midnight, null],
      ['delivered_today', 'o.delivered_by', midnight, null],
      ['prepared_week', 'o.prepared_by', weekAgo, null],
      ['delivered_week', 'o.delivered_by', weekAgo, null],
      ['prepared_last_week', 'o.prepared_by', twoWeeksAgo, weekAgo],
      ['delivered_last_week', 'o.delivered_by', twoWeeksAgo, weekAgo],
    ] as const;
    const row: Record<string, number | string> | undefined = await statsSql(this.#orm.em.fork())
      .selectFrom('orders as o')
      .select((eb) =>
        windows.map(([name, role, from, to]) =>
          eb.fn
            .countAll<number | string>()
            .filterWhere((w) =>
              w.and([
                w(role, '=', userId),
                w('o.delivered_at', '>=', from),
                ...(to ? [w('o.delivered_at', '<', to)] : []),
              ]),
            )
            .as(name),
        ),
      )
      .where(counted)
      .where('o.delivered_at', '>=', twoWeeksAgo)
      .where((eb) => eb.or([eb('o.prepared_by', '=', userId), eb('o.delivered_by', '=', userId)]))
      .executeTakeFirst();
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
    const row = await orderViews(this.#orm.em.fork())
      .where(counted)
      .where('o.delivered_at', 'is not', null)
      .where((eb) => eb(eb.fn('cardinality', ['o.images']), '>', 0))
      .orderBy('o.delivered_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toOrderView(row) : null;
  }

  /** The home page's live figures: delivered since 00:00 UTC, and orders in the kitchen or on their way. */
  async stats(): Promise<OrderStats> {
    const midnight = new Date(this.#now());
    midnight.setUTCHours(0, 0, 0, 0);
    const em = this.#orm.em.fork();
    const db = statsSql(em);
    const delivered = await db
      .selectFrom('orders as o')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(counted)
      .where('o.delivered_at', '>=', midnight)
      .executeTakeFirst();
    const active = await db
      .selectFrom('orders as o')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('o.status', 'in', [...ACTIVE_STATUSES])
      .executeTakeFirst();
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
