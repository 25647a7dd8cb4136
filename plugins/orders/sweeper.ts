import type { Config } from '../../core/config.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { EventBus } from '../../core/events.ts';
import { DeliveryQueueEntrySchema, OrderSchema } from './entities.ts';
import './events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { insertClaimExpiriesIn } from './past-orders.ts';
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
    const [due] = await em.execute<unknown[]>(
      `select 1 from orders o where status in ('ORDERED', 'CLAIMED', 'PREPARING', 'READY') and (
         (status = 'CLAIMED' and claim_expires_at <= ?) or (status = 'ORDERED' and cancel_at <= ?) or
         (status = 'PREPARING' and ready_at <= ?) or (status = 'READY' and (assignment_expires_at <= ? or (assigned_driver is null and ${FREE_DRIVER_EXISTS})))
       ) limit 1`,
      [now, now, now, now, now],
    );
    if (!due) return { claimsExpired: 0, cancelled: 0, ready: 0, assigned: 0, released: 0 };
    const minutes = Math.round(this.#config.plugins.orders.unclaimedCancelMs / 60_000);
    const expired = await this.#expireClaims(now);
    const cancelled = await ids(
      em,
      `update orders set status = 'CANCELLED', cancelled_at = ?, cancel_reason = ?, cancel_at = null, updated_at = ?
       where status = 'ORDERED' and cancel_at <= ? returning id`,
      [
        now,
        `Nobody in the kitchen claimed this order within ${minutes} minute${minutes === 1 ? '' : 's'}, so it was cancelled. Please order again.`,
        now,
        now,
      ],
    );
    const ready = await ids(
      em,
      `update orders set status = 'READY', updated_at = ? where status = 'PREPARING' and ready_at <= ? returning id`,
      [now, now],
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
      const rows = await em.execute<{ id: string; chef: string; claimed_at: Date | string }[]>(
        `with due as (select id, claimed_by, claimed_at from orders where status = 'CLAIMED' and claim_expires_at <= ? for update)
         update orders o set status = 'ORDERED', claimed_by = null, claimed_at = null, claim_expires_at = null, updated_at = ?
         from due where o.id = due.id and o.status = 'CLAIMED' returning o.id, due.claimed_by as chef, due.claimed_at`,
        [now, now],
      );
      const expiries = rows
        .filter((row) => row.chef && row.claimed_at)
        .map((row) => ({ orderId: row.id, chef: row.chef, claimedAt: new Date(row.claimed_at), expiredAt: now }));
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
    const queued = await em.execute<{ user_id: string }[]>('select user_id from delivery_queue');
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
    const pending = await this.#orm.em.fork().execute<{ id: string }[]>(
      `select id from orders o where status = 'READY' and (assignment_expires_at <= ? or (assigned_driver is null and ${FREE_DRIVER_EXISTS}))
       order by priority desc, ready_at asc`,
      [now, now],
    );
    for (const { id } of pending) {
      const outcome = await this.#orm.em.fork().transactional(async (em) => {
        // One assignment at a time across processes: joins and leaves wait for it, never the reverse.
        await em.execute('lock table "delivery_queue" in share row exclusive mode', [], 'run');
        const order = await em.findOne(OrderSchema, { id, status: 'READY' });
        if (!order) return null;
        const current = order.assignedDriver;
        if (current && order.assignmentExpiresAt && order.assignmentExpiresAt > now) return null;
        const skipped = current ? [...order.skippedDrivers, current] : [...order.skippedDrivers];
        const candidates = await em.execute<{ user_id: string }[]>(
          `select q.user_id from delivery_queue q
           where not exists (select 1 from orders a where a.status = 'READY' and a.assigned_driver = q.user_id and a.assignment_expires_at > ?)
           order by q.last_assigned_at asc nulls first, q.joined_at asc`,
          [now],
        );
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

/**
 * A driver in the delivery queue who may take order `o`: without a live assignment, and not one who let `o` expire
 * before (one parameter: now).
 */
const FREE_DRIVER_EXISTS = `exists (select 1 from delivery_queue q where q.user_id <> all(o.skipped_drivers) and not exists (
  select 1 from orders a where a.status = 'READY' and a.assigned_driver = q.user_id and a.assignment_expires_at > ?))`;

async function ids(em: Em, sql: string, params: unknown[]): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(sql, params);
  return rows.map((r) => r.id);
}
