import type { Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import type {} from '../orders/index.ts'; // the events it declares
import type { LeaderboardPeriod, LeaderboardTeamEntry, OrderView } from '../orders/schemas.ts';
import { rankTextColour } from '../ranks/schemas.ts';
import type { TeamsService } from './service.ts';

const TOP = 10;

/** What of a delivered order the counters read (the deliverOrder event's order). */
export type CountedOrder = Pick<OrderView, 'id' | 'status' | 'report'> & {
  orderedBy: { id: string };
  preparedBy: { id: string } | null;
  deliveredBy: { id: string } | null;
};

/**
 * The teams' delivered-orders counters and the leaderboard's Top teams.
 *
 * Counting: every delivered order (not reported) adds 1 to each distinct team among its customer's, its chef's and
 * its driver's (customers join teams too: docs/teams.md). It is one transaction: the insert into team_order_credits
 * claims the order (the deliverOrder event reaches every process, and may come again; only one insert lands), then
 * each distinct team of the three people gets `orders = orders + 1` in the database (never read-modify-write in Node), in team id order so
 * that concurrent deliveries lock team rows in one order and never deadlock.
 * An order deleted later stays counted; only reset-orders takes the counter back (to 0).
 */
export class TeamCounter {
  readonly #orm: Orm;
  readonly #teams: TeamsService;
  readonly #now: () => number;

  constructor(orm: Orm, teams: TeamsService, now: () => number = Date.now) {
    this.#orm = orm;
    this.#teams = teams;
    this.#now = now;
  }

  /** Counts each delivered order as the orders plugin announces it (after its commit). */
  listen(events: EventBus): () => void {
    return events.on('deliverOrder', ({ order }) => this.credit(order).then(() => undefined));
  }

  /** Adds the order to its customer's, chef's and driver's teams once; answers how many teams it counted for (0 when already counted). */
  async credit(order: CountedOrder): Promise<number> {
    if (order.status !== 'DELIVERED' || order.report) return 0;
    const people = [order.orderedBy.id, order.preparedBy?.id, order.deliveredBy?.id].filter((id): id is string =>
      Boolean(id),
    );
    if (people.length === 0) return 0;
    const counted = await this.#orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<{ order_id: string }[]>(
        'insert into team_order_credits (order_id, credited_at) values (?, ?) on conflict do nothing returning order_id',
        [order.id, new Date(this.#now())],
      );
      if (claimed.length === 0) return 0;
      const teams = await em.execute<{ team_id: string }[]>(
        `select distinct team_id from team_members where user_id in (${people.map(() => '?').join(', ')}) order by team_id`,
        people,
      );
      // One row at a time in id order: every delivery locks team rows in the same order, so two deliveries crediting
      // the same two teams cannot deadlock (one multi-row update locks in scan order, which differs between them).
      for (const { team_id } of teams) await em.execute('update teams set orders = orders + 1 where id = ?', [team_id]);
      return teams.length;
    });
    if (counted) this.#teams.boardChanged();
    return counted;
  }

  /**
   * Top teams for a period. All time is each team's counter (what reset-orders sets to 0); a period counts the
   * delivered orders in it by the customer's, the chef's and the driver's team as they are now, an order once per
   * team. Empty while teamsEnabled is off.
   */
  async board(period: LeaderboardPeriod, since: Date): Promise<LeaderboardTeamEntry[]> {
    if (!(await this.#teams.enabled())) return [];
    const em = this.#orm.em.fork();
    type Row = { id: string; name: string; colour: string; icon: string; n: number | string };
    const rows =
      period === 'all'
        ? await em.execute<Row[]>(
            `select t.id, t.name, t.colour, t.icon, t.orders as n from teams t where t.orders > 0 order by t.orders desc, t.name asc limit ${TOP}`,
          )
        : await em.execute<Row[]>(
            `select t.id, t.name, t.colour, t.icon, count(distinct o.id) as n
             from orders o
             join team_members m on m.user_id = o.customer or m.user_id = o.prepared_by or m.user_id = o.delivered_by
             join teams t on t.id = m.team_id
             where o.status = 'DELIVERED' and not o.report and o.delivered_at >= ?
             group by t.id, t.name, t.colour, t.icon
             order by n desc, t.name asc limit ${TOP}`,
            [since],
          );
    return rows.map((r) => ({
      team: { id: r.id, name: r.name, colour: r.colour, textColour: rankTextColour(r.colour), icon: r.icon },
      orders: Number(r.n),
    }));
  }
}
