import type { InferKyselyDB } from '@mikro-orm/sql';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { type CountedDelivery, countedDeliveriesSinceIn } from '../orders/index.ts';
import type { LeaderboardPeriod, LeaderboardTeamEntry, OrderView } from '../orders/schemas.ts';
import { rankTextColour } from '../ranks/schemas.ts';
import type { TeamMemberSchema, TeamOrderCreditSchema, TeamSchema } from './entities.ts';
import type { TeamsService } from './service.ts';

const TOP = 10;

/** What of a delivered order the counters read (the deliverOrder event's order). */
export type CountedOrder = Pick<OrderView, 'id' | 'status' | 'report' | 'deliveredAt'> & {
  orderedBy: { id: string };
  preparedBy: { id: string } | null;
  deliveredBy: { id: string } | null;
};

type TeamsDb = InferKyselyDB<typeof TeamSchema | typeof TeamMemberSchema | typeof TeamOrderCreditSchema>;
type Db = Kysely<TeamsDb>;

/** The longest period a board shows (the month: 30 days). */
const BOARD_DAYS = 30;
const DAY = 86_400_000;
/** Rows per insert when credits are written in bulk (a statement's parameters stay well under PostgreSQL's limit). */
const BATCH = 1000;

export interface TeamCounterDeps extends Pick<ServiceKernel, 'orm' | 'now'> {
  teams: TeamsService;
}

/**
 * The teams' delivered-orders counters and the leaderboard's Top teams.
 *
 * Counting: every delivered order (not reported) adds 1 to each distinct team among its customer's, its chef's and
 * its driver's (customers join teams too: docs/teams.md). It is one transaction: the insert into team_order_credits
 * claims the order (the deliverOrder event reaches every process, and may come again; only one insert lands), then
 * each distinct team of the three people gets `orders = orders + 1` in the database (never read-modify-write in
 * Node), in team id order so that concurrent deliveries lock team rows in one order and never deadlock. The credit
 * keeps the order's people and delivery moment: the period boards count from it. Only reset-orders takes a counter
 * back (to 0).
 */
export class TeamCounter {
  readonly #orm: Orm;
  readonly #teams: TeamsService;
  readonly #now: () => number;

  constructor({ orm, teams, now }: TeamCounterDeps) {
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
    const delivery: CountedDelivery = {
      id: order.id,
      customer: order.orderedBy.id,
      preparedBy: order.preparedBy?.id ?? null,
      deliveredBy: order.deliveredBy?.id ?? null,
      deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : new Date(this.#now()),
    };
    const counted = await this.#orm.em.fork().transactional(async (em) => {
      const db = em.getKysely<TeamsDb>();
      const claimed = await db
        .insertInto('team_order_credits')
        .values(creditRow(delivery, new Date(this.#now())))
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returning('order_id')
        .execute();
      if (claimed.length === 0) return 0;
      const teams = await db
        .selectFrom('team_members')
        .where('user_id', 'in', peopleOf(delivery))
        .select('team_id')
        .distinct()
        .orderBy('team_id')
        .execute();
      // One row at a time in id order: every delivery locks team rows in the same order, so two deliveries crediting
      // the same two teams cannot deadlock (one multi-row update locks in scan order, which differs between them).
      for (const { team_id } of teams)
        await db
          .updateTable('teams')
          .set((eb) => ({ orders: eb('orders', '+', 1) }))
          .where('id', '=', team_id)
          .execute();
      return teams.length;
    });
    if (counted) this.#teams.boardChanged();
    return counted;
  }

  /**
   * On start: the counted orders of the longest period a board shows that this plugin did not hear of (delivered
   * while no process listened), or heard of before credits kept their people, recorded for the period boards. The
   * all-time counters stay as they are: they count what was heard as it happened. Answers the credits written.
   */
  async catchUp(): Promise<number> {
    const em = this.#orm.em.fork();
    const since = new Date(this.#now() - BOARD_DAYS * DAY);
    const credited = await this.#creditedSince(em, since);
    // Only what is missing or incomplete travels: on a busy diner the period holds thousands of credited orders, and
    // every start would otherwise send them all back for the upsert to skip.
    const deliveries = (await countedDeliveriesSinceIn(em, since)).filter((delivery) => !credited.has(delivery.id));
    const at = new Date(this.#now());
    let written = 0;
    for (let i = 0; i < deliveries.length; i += BATCH) {
      const [result] = await em
        .getKysely<TeamsDb>()
        .insertInto('team_order_credits')
        .values(deliveries.slice(i, i + BATCH).map((delivery) => creditRow(delivery, at)))
        .onConflict((oc) =>
          oc
            .column('order_id')
            .doUpdateSet((eb) => ({
              customer: eb.ref('excluded.customer'),
              prepared_by: eb.ref('excluded.prepared_by'),
              delivered_by: eb.ref('excluded.delivered_by'),
              delivered_at: eb.ref('excluded.delivered_at'),
            }))
            .where('team_order_credits.delivered_at', 'is', null),
        )
        .execute();
      written += Number(result?.numInsertedOrUpdatedRows ?? 0);
    }
    if (written > 0) this.#teams.boardChanged();
    return written;
  }

  /** The orders delivered since `since` whose credit is whole (it keeps its people): catch-up leaves them as they are. */
  async #creditedSince(em: Em, since: Date): Promise<Set<string>> {
    const rows = await em
      .getKysely<TeamsDb>()
      .selectFrom('team_order_credits')
      .select('order_id')
      .where('delivered_at', '>=', since)
      .execute();
    return new Set(rows.map((row) => row.order_id));
  }

  /**
   * Credits orders that were delivered before any listener heard them (the demo seed): each counted once for every
   * distinct team of its people, as the listener would have, in one transaction. Answers the orders credited.
   */
  async creditPast(deliveries: readonly CountedDelivery[]): Promise<number> {
    const at = new Date(this.#now());
    return this.#orm.em.fork().transactional(async (em) => {
      const db = em.getKysely<TeamsDb>();
      const credited: string[] = [];
      for (let i = 0; i < deliveries.length; i += BATCH) {
        const rows = await db
          .insertInto('team_order_credits')
          .values(deliveries.slice(i, i + BATCH).map((delivery) => creditRow(delivery, at)))
          .onConflict((oc) => oc.column('order_id').doNothing())
          .returning('order_id')
          .execute();
        credited.push(...rows.map((row) => row.order_id));
      }
      for (const { team_id, n } of await countsByTeam(db, credited))
        await db
          .updateTable('teams')
          .set((eb) => ({ orders: eb('orders', '+', Number(n)) }))
          .where('id', '=', team_id)
          .execute();
      return credited.length;
    });
  }

  /**
   * Top teams for a period. All time is each team's counter (what reset-orders sets to 0); a period counts the
   * credited orders delivered in it by the customer's, the chef's and the driver's team as they are now, an order
   * once per team. Empty while teamsEnabled is off.
   */
  async board(period: LeaderboardPeriod, since: Date): Promise<LeaderboardTeamEntry[]> {
    if (!(await this.#teams.enabled())) return [];
    const db = this.#orm.em.fork().getKysely<TeamsDb>();
    const rows =
      period === 'all'
        ? await db
            .selectFrom('teams')
            .where('orders', '>', 0)
            .select(['id', 'name', 'colour', 'icon', 'orders as n'])
            .orderBy('orders', 'desc')
            .orderBy('name')
            .limit(TOP)
            .execute()
        : await db
            .selectFrom('team_order_credits as c')
            .innerJoin('team_members as m', (join) => join.on((eb) => creditedTo(eb)))
            .innerJoin('teams as t', 't.id', 'm.team_id')
            .where('c.delivered_at', '>=', since)
            .groupBy(['t.id', 't.name', 't.colour', 't.icon'])
            .select((eb) => [
              't.id',
              't.name',
              't.colour',
              't.icon',
              eb.fn.count<number | string>('c.order_id').distinct().as('n'),
            ])
            .orderBy('n', 'desc')
            .orderBy('t.name')
            .limit(TOP)
            .execute();
    return rows.map((r) => ({
      team: { id: r.id, name: r.name, colour: r.colour, textColour: rankTextColour(r.colour), icon: r.icon },
      orders: Number(r.n),
    }));
  }
}

function creditRow(delivery: CountedDelivery, creditedAt: Date) {
  return {
    order_id: delivery.id,
    credited_at: creditedAt,
    customer: delivery.customer,
    prepared_by: delivery.preparedBy,
    delivered_by: delivery.deliveredBy,
    delivered_at: delivery.deliveredAt,
  };
}

const peopleOf = (delivery: CountedDelivery): string[] =>
  [delivery.customer, delivery.preparedBy, delivery.deliveredBy].filter((id): id is string => Boolean(id));

/** A member row `m` is one of credit `c`'s people. */
function creditedTo(
  eb: ExpressionBuilder<TeamsDb & { c: TeamsDb['team_order_credits']; m: TeamsDb['team_members'] }, 'c' | 'm'>,
) {
  return eb.or([
    eb('m.user_id', '=', eb.ref('c.customer')),
    eb('m.user_id', '=', eb.ref('c.prepared_by')),
    eb('m.user_id', '=', eb.ref('c.delivered_by')),
  ]);
}

/** For the credits `orderIds`, how many distinct orders each team's members took part in. */
async function countsByTeam(db: Db, orderIds: readonly string[]): Promise<{ team_id: string; n: number | string }[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('team_order_credits as c')
    .innerJoin('team_members as m', (join) => join.on((eb) => creditedTo(eb)))
    .where('c.order_id', 'in', orderIds)
    .groupBy('m.team_id')
    .select((eb) => ['m.team_id', eb.fn.count<number | string>('c.order_id').distinct().as('n')])
    .orderBy('m.team_id')
    .execute();
}
