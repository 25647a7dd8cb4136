import { type ExpressionBuilder, sql } from 'kysely';
import type { Config } from '../../core/config.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { DeliveryQueueEntrySchema, OrderSchema } from './entities.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { insertClaimExpiriesIn } from './past-orders.ts';
import { ACTIVE_STATUSES } from './schemas.ts';
import { type OrdersDb, ordersSql } from './sql.ts';
import { selectOrderViewsByIds } from './views.ts';

export interface SweepResult {
  claimsExpired: number;
  cancelled: number;
  ready: number;
  assigned: number;
  /** Assignments that expired with no other driver to take them: open to every MANAGE_ORDERS user. */
  released: number;
}

/**
 * Who may not stay in the delivery queue (the onleave plugin: members whose leave has started), and how they leave
 * it (OrdersService.removeFromQueue). Wired in index.ts.
 */
export interface OffDuty {
  among(userIds: string[]): Promise<ReadonlyMap<string, unknown>>;
  remove(userId: string): Promise<unknown>;
}

export interface OrderSweeperDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'config' | 'now'> {}

/**
 * The order deadlines, enforced. Timers are data: each deadline is a column, and every `sweep()` moves the orders
 * whose deadline has passed with conditional UPDATEs, so a restart (or a second web process sweeping the same
 * database) loses nothing and doubles nothing. The web process runs `sweep` as the orders.sweep job (core/jobs.ts),
 * every ORDER_SWEEP_INTERVAL_MS.
 */
export class OrderSweeper {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #config: Config;
  readonly #now: () => number;
  #offDuty: OffDuty | null = null;
  /** When the queue was last checked for members on leave (ms, the service clock), and the UTC day it was. */
  #offDutyChecked: { at: number; day: string } | null = null;

  constructor({ orm, events, config, now }: OrderSweeperDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#config = config;
    this.#now = now;
  }

  /** Every sweep first takes out of the delivery queue whoever `offDuty` names (a leave that started since the last pass). */
  dropOffDuty(offDuty: OffDuty): void {
    this.#offDuty = offDuty;
  }

  /** One pass over every passed deadline; publishes the events after each write commits. */
  async sweep(): Promise<SweepResult> {
    const now = new Date(this.#now());
    const em = this.#orm.em.fork();
    if (this.#offDuty && this.#offDutyDue(now)) {
      await this.#dropOffDuty(em, this.#offDuty);
      this.#offDutyChecked = { at: now.getTime(), day: utcDay(now) };
    }
    // Most ticks find nothing due: one indexed look costs less than the four passes below. A ready order without a
    // driver is due only when a driver is free to take it (and did not let it expire before): with nobody free it
    // would wait anyway, and looking at it every second (a transaction and a table lock per order) was most of an
    // idle server's work.
    const due = await ordersSql(em)
      .selectFrom('orders as o')
      .select('o.id')
      .where('o.status', 'in', ACTIVE_STATUSES)
      .where((eb) =>
        eb.or([
          eb.and([eb('o.status', '=', 'CLAIMED'), eb('o.claim_expires_at', '<=', now)]),
          eb.and([eb('o.status', '=', 'ORDERED'), eb('o.cancel_at', '<=', now)]),
          eb.and([eb('o.status', '=', 'PREPARING'), eb('o.ready_at', '<=', now)]),
          eb.and([eb('o.status', '=', 'READY'), waitsForADriver(eb, now)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (!due) return { claimsExpired: 0, cancelled: 0, ready: 0, assigned: 0, released: 0 };
    const minutes = Math.round(this.#config.plugins.orders.unclaimedCancelMs / 60_000);
    const expired = await this.#expireClaims(now);
    const cancelReason = `Nobody in the kitchen claimed this order within ${minutes} minute${minutes === 1 ? '' : 's'}, so it was cancelled. Please order again.`;
    const cancelled = ids(
      await ordersSql(em)
        .updateTable('orders')
        .set({ status: 'CANCELLED', cancelled_at: now, cancel_reason: cancelReason, cancel_at: null, updated_at: now })
        .where('status', '=', 'ORDERED')
        .where('cancel_at', '<=', now)
        .returning('id')
        .execute(),
    );
    const ready = ids(
      await ordersSql(em)
        .updateTable('orders')
        .set({ status: 'READY', updated_at: now })
        .where('status', '=', 'PREPARING')
        .where('ready_at', '<=', now)
        .returning('id')
        .execute(),
    );
    const { assigned, released } = await this.#assign(now);
    // A claim that expired past the order's cancel deadline was cancelled in the same pass: one event, cancelOrder.
    const updated = [...new Set([...expired, ...ready, ...assigned, ...released])].filter(
      (id) => !cancelled.includes(id),
    );
    const viewsEm = this.#orm.em.fork();
    for (const view of await selectOrderViewsByIds(viewsEm, cancelled))
      this.#events.publish('cancelOrder', { order: view });
    for (const view of await selectOrderViewsByIds(viewsEm, updated))
      this.#events.publish('orderUpdated', { order: view });
    return {
      claimsExpired: expired.length,
      cancelled: cancelled.length,
      ready: ready.length,
      assigned: assigned.length,
      released: released.length,
    };
  }

  /**
   * Claims past their deadline go back to the kitchen. The update forgets who held each claim, so the statement
   * returns the holder as it was (the rows are locked first, then updated) and the same transaction keeps it in
   * `order_claim_expiries`: the claim still counts on the day it was made, and the expiry counts now. The day of
   * the claim keeps its figures (the claim moves from the order to its expiry), so nothing is marked changed.
   */
  async #expireClaims(now: Date): Promise<string[]> {
    return this.#orm.em.fork().transactional(async (em) => {
      // The holders as they were: the rows are locked first (`due`), then updated.
      const rows = await ordersSql(em)
        .with('due', (db) =>
          db
            .selectFrom('orders')
            .select(['id', 'claimed_by', 'claimed_at'])
            .where('status', '=', 'CLAIMED')
            .where('claim_expires_at', '<=', now)
            .forUpdate(),
        )
        .updateTable('orders as o')
        .from('due')
        .set({ status: 'ORDERED', claimed_by: null, claimed_at: null, claim_expires_at: null, updated_at: now })
        .whereRef('o.id', '=', 'due.id')
        .where('o.status', '=', 'CLAIMED')
        .returning(['o.id', 'due.claimed_by as chef', 'due.claimed_at'])
        .execute();
      const expiries = rows.flatMap(({ id, chef, claimed_at }) =>
        chef && claimed_at ? [{ orderId: id, chef, claimedAt: new Date(claimed_at), expiredAt: now }] : [],
      );
      await insertClaimExpiriesIn(em, expiries);
      return rows.map((row) => row.id);
    });
  }

  /**
   * Leave starts on a UTC day, and approving a leave that covers today takes the member out at once (onleave's
   * whenLeaveStarts), so the queue is checked on the first pass of each day and otherwise once a minute: that catches
   * a member who joined in the instant their leave was approved, or whose removal failed, without two queries a
   * second on an idle server.
   */
  #offDutyDue(now: Date): boolean {
    const checked = this.#offDutyChecked;
    return (
      !checked ||
      checked.day !== utcDay(now) ||
      now.getTime() - checked.at >= OFF_DUTY_CHECK_MS ||
      now.getTime() < checked.at
    );
  }

  /** Queued drivers whose leave has started leave the queue as if they had left it themselves (their ready orders released). */
  async #dropOffDuty(em: Em, offDuty: OffDuty): Promise<void> {
    const queued = await ordersSql(em).selectFrom('delivery_queue').select('user_id').execute();
    if (queued.length === 0) return;
    const away = await offDuty.among(queued.map((q) => q.user_id));
    for (const userId of away.keys()) await offDuty.remove(userId);
  }

  /**
   * Ready orders without a driver, or whose driver let the assignment expire, go round-robin to the free driver
   * (no unexpired assignment) who was assigned least recently, never back to a driver who let this order expire.
   * With nobody left, an expired assignment is released: any MANAGE_ORDERS user may deliver it.
   */
  async #assign(now: Date): Promise<{ assigned: string[]; released: string[] }> {
    const assigned: string[] = [];
    const released: string[] = [];
    const pending = await ordersSql(this.#orm.em.fork())
      .selectFrom('orders as o')
      .select('o.id')
      .where('o.status', '=', 'READY')
      .where((eb) => waitsForADriver(eb, now))
      .orderBy('o.priority', 'desc')
      .orderBy('o.ready_at', 'asc')
      .execute();
    for (const { id } of pending) {
      const outcome = await this.#orm.em.fork().transactional(async (em) => {
        // One assignment at a time across processes: joins and leaves wait for it, never the reverse.
        await sql`lock table ${sql.table('delivery_queue')} in share row exclusive mode`.execute(ordersSql(em));
        const order = await em.findOne(OrderSchema, { id, status: 'READY' });
        if (!order) return null;
        const current = order.assignedDriver;
        if (current && order.assignmentExpiresAt && order.assignmentExpiresAt > now) return null;
        const skipped = current ? [...order.skippedDrivers, current] : [...order.skippedDrivers];
        const candidates = await ordersSql(em)
          .selectFrom('delivery_queue as q')
          .select('q.user_id')
          .where((eb) => eb.not(eb.exists(liveAssignmentOf(eb, now))))
          .orderBy('q.last_assigned_at', (order) => order.asc().nullsFirst())
          .orderBy('q.joined_at', 'asc')
          .execute();
        const next = candidates.map((c) => c.user_id).find((userId) => !skipped.includes(userId) && userId !== current);
        if (!next && !current) return null;
        const changed = await em.nativeUpdate(
          OrderSchema,
          { id, status: 'READY', assignedDriver: current },
          {
            assignedDriver: next ?? null,
            assignedAt: next ? now : null,
            assignmentExpiresAt: next ? new Date(now.getTime() + this.#config.plugins.orders.deliveryTimeoutMs) : null,
            skippedDrivers: skipped,
            updatedAt: now,
          },
        );
        if (changed === 0) return null;
        if (next) await em.nativeUpdate(DeliveryQueueEntrySchema, { userID: next }, { lastAssignedAt: now });
        return next ? 'assigned' : 'released';
      });
      if (outcome === 'assigned') assigned.push(id);
      else if (outcome === 'released') released.push(id);
    }
    return { assigned, released };
  }
}

/** How often a pass looks for queued members whose leave has started, within one UTC day. */
const OFF_DUTY_CHECK_MS = 60_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

type Tables = OrdersDb & { o: OrdersDb['orders']; q: OrdersDb['delivery_queue'] };

/** The live assignment (READY, not expired) of the queued driver `q`, if any. */
function liveAssignmentOf(eb: ExpressionBuilder<Tables, 'q'>, now: Date) {
  return eb
    .selectFrom('orders as a')
    .select('a.id')
    .where('a.status', '=', 'READY')
    .whereRef('a.assigned_driver', '=', 'q.user_id')
    .where('a.assignment_expires_at', '>', now);
}

/**
 * A ready order `o` is due for the assigner: its assignment expired, or it has no driver and a driver in the queue
 * may take it (without a live assignment, and not one who let `o` expire before).
 */
function waitsForADriver(eb: ExpressionBuilder<Tables, 'o'>, now: Date) {
  const freeDriver = eb
    .selectFrom('delivery_queue as q')
    .select('q.user_id')
    .where((q) => q('q.user_id', '<>', sql<string>`all(${q.ref('o.skipped_drivers')})`))
    .where((q) => q.not(q.exists(liveAssignmentOf(q, now))));
  return eb.or([
    eb('o.assignment_expires_at', '<=', now),
    eb.and([eb('o.assigned_driver', 'is', null), eb.exists(freeDriver)]),
  ]);
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
