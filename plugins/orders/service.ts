import { randomInt } from 'node:crypto';
import type { AuditActor, AuditLog } from '../../core/audit/service.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Config } from '../../core/config.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { Em, Orm } from '../../core/db/orm.ts';
import type { PreparedValue } from '../../core/db/prepared.ts';
import { DomainError } from '../../core/errors.ts';
import type { DomainEvents, EventBus } from '../../core/events.ts';
import type { JsonBytes } from '../../core/http/json-text.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import { newId } from '../../core/ids.ts';
import { isId } from '../../core/shared/ids.ts';
import { hasAll } from '../../core/shared/permissions.ts';
import { markDaysChanged } from './day-rollups.ts';
import { type Order, OrderSchema } from './entities.ts';
import { ordersText } from './i18n/index.ts';
import { imageUrlRefusal } from './image-refusal.ts';
import './events.ts';
import type { ExpressionBuilder } from 'kysely';
import { userSummariesIn } from '../../core/auth/user-summaries.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { ActiveOrders, type ListEncoding, REREAD_MS } from './active-list.ts';
import {
  ACTIVE_STATUSES,
  type DeleteInput,
  type DeliverInput,
  type DeliveryQueueEntryView,
  MAX_ITEM_LENGTH,
  MAX_REASON_LENGTH,
  type Mention,
  ORDER_CODE_ALPHABET,
  ORDER_CODE_LENGTH,
  type OrdersResponse,
  type OrderView,
  type PrepareInput,
} from './schemas.ts';
import type { OrdersDb } from './sql.ts';
import { ordersSql } from './sql.ts';
import { CLAIM, DELIVER, PLACE, PREPARE, type Transition, UNCLAIM_TODAY } from './transitions.ts';
import {
  type OrderViewRow,
  orderViews,
  queueViews,
  selectOrderView,
  selectOrderViewsByIds,
  toChangedOrderView,
  toOrderView,
  toQueueView,
} from './views.ts';

/** Who acts: a signed-in user (the route's guard has checked MANAGE_ORDERS) or the bot acting for one. */
export type Actor = Pick<CurrentUser, 'id' | 'permissions'>;

/**
 * An order manager may act on any order (unclaim, prepare, deliver or delete in someone else's place):
 * MANAGE_ORDERS with VIEW_BACKLOG (the demo Manager rank and above), or SUPER_ADMIN.
 */
export function isOrderManager(actor: Actor): boolean {
  return hasAll(actor.permissions, ['MANAGE_ORDERS', 'VIEW_BACKLOG']);
}

export interface NewOrder {
  customerId: string;
  guildId?: string | null;
  channelId?: string | null;
  item: string;
  mentions?: Mention[];
  priority?: number;
}

/**
 * What the orders plugin asks of plugins before it (wired in index.ts): why a member may not join the delivery
 * queue now (the onleave plugin: they are on leave), or null.
 */
export interface QueueHooks {
  queueRefusal?: (userId: string) => Promise<DomainError | null>;
}

type OrderEvent = 'orderSent' | 'orderUpdated' | 'cancelOrder' | 'orderDeleted' | 'deliverOrder';

export function orderCode(): string {
  let code = '';
  for (let i = 0; i < ORDER_CODE_LENGTH; i++) code += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  return code;
}

/** 409 with the order's current state, so the caller's screen can catch up. */
function stateConflict(view: OrderView): DomainError {
  const { orderID, status, claimedBy } = view;
  const details = { status, claimedBy, order: view };
  if (status !== 'CLAIMED')
    return localizedError(ordersText, 'conflict', 'refusal.orderState', { orderID, status }, details);
  if (!claimedBy) return localizedError(ordersText, 'conflict', 'refusal.claimedBySomeone', { orderID }, details);
  const name = claimedBy.displayName ?? claimedBy.username;
  return localizedError(ordersText, 'conflict', 'refusal.claimedBy', { orderID, name }, details);
}

/** Every order a user placed, claimed, prepared or delivered. */
const inHistoryOf = (userId: string) => (eb: ExpressionBuilder<OrdersDb & { o: OrdersDb['orders'] }, 'o'>) =>
  eb.or([
    eb('o.customer', '=', userId),
    eb('o.claimed_by', '=', userId),
    eb('o.prepared_by', '=', userId),
    eb('o.delivered_by', '=', userId),
  ]);

const views = (rows: OrderViewRow[]) => rows.map(toOrderView);

export interface OrdersServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'config' | 'audit' | 'now'> {
  hooks?: QueueHooks;
}

/**
 * The order lifecycle: ORDERED → CLAIMED → PREPARING → READY → DELIVERED, or CANCELLED / DELETED. Every
 * transition is one conditional UPDATE (`where id = ? and status = <the state it leaves>`) in a transaction, so
 * exactly one of any racing callers wins; the others get 409 with the current state. Events go out after commit.
 * Deadlines are written as columns and enforced by the OrderSweeper.
 */
export class OrdersService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #config: Config;
  readonly #now: () => number;
  readonly #audit: AuditLog;
  /** The active list, kept true by the order events (ours or, once bridged, another process's). */
  readonly #active: ActiveOrders;
  readonly #hooks: QueueHooks;

  constructor({ orm, events, config, audit, now, hooks = {} }: OrdersServiceDeps) {
    this.#hooks = hooks;
    this.#orm = orm;
    this.#events = events;
    this.#config = config;
    this.#audit = audit;
    this.#now = now;
    this.#active = new ActiveOrders(
      async () =>
        views(
          await orderViews(this.#orm.em.fork())
            .where('o.status', 'in', ACTIVE_STATUSES)
            .orderBy('o.priority', 'desc')
            .orderBy('o.ordered_at', 'asc')
            .orderBy('o.id', 'asc')
            .execute(),
        ),
      events,
      config.databaseUrl ? REREAD_MS : null,
    );
    events.on('accountDeleted', () => this.#active.forget());
  }

  /** For the bot (next issue) and the seed: a customer's new order. One active order per customer (409). */
  async createOrder(input: NewOrder): Promise<OrderView> {
    const item = input.item.trim();
    if (!isId(input.customerId)) throw localizedError(ordersText, 'bad_request', 'refusal.notSnowflake');
    if (item.length === 0 || item.length > MAX_ITEM_LENGTH)
      throw localizedError(ordersText, 'bad_request', 'refusal.itemLength', { max: MAX_ITEM_LENGTH });
    const mentions = (input.mentions ?? []).slice(0, 10).map((m) => ({ id: m.id, name: m.name.slice(0, 64) }));
    const now = new Date(this.#now());
    for (let attempt = 0; ; attempt++) {
      try {
        const em = this.#orm.em.fork();
        // Placed only when the customer has no active order (one statement decides: ADR 0007); its answer is the view.
        const [placed] = await PLACE.run(this.#orm, em, {
          id: newId(),
          code: orderCode(),
          customer: input.customerId,
          guildId: input.guildId ?? null,
          channelId: input.channelId ?? null,
          item,
          mentions: JSON.stringify(mentions),
          priority: input.priority ?? 0,
          now,
          cancelAt: new Date(now.getTime() + this.#config.plugins.orders.unclaimedCancelMs),
        });
        if (placed) {
          const view = toChangedOrderView(placed);
          this.#events.publish('orderSent', { order: view } satisfies DomainEvents['orderSent']);
          return view;
        }
        const active = await em.findOne(
          OrderSchema,
          { customer: input.customerId, status: { $in: [...ACTIVE_STATUSES] } },
          { fields: ['orderID'] },
        );
        if (active) {
          const { orderID } = active;
          throw localizedError(ordersText, 'conflict', 'refusal.activeOrder', { orderID }, { orderID });
        }
        // It ended between the two statements: place it again.
        if (attempt >= 5) throw localizedError(ordersText, 'conflict', 'refusal.activeOrderNoId');
      } catch (error) {
        // An orderID that is taken already: draw another.
        if (isUniqueViolation(error) && attempt < 5) continue;
        throw error;
      }
    }
  }

  /** For pages: null when there is no such order. */
  async find(ref: string): Promise<OrderView | null> {
    return selectOrderView(this.#orm.em.fork(), ref);
  }

  async get(ref: string): Promise<OrderView> {
    const view = await selectOrderView(this.#orm.em.fork(), ref);
    if (!view) throw localizedError(ordersText, 'not_found', 'refusal.orderNotFound');
    return view;
  }

  /** The customer's active order (ORDERED to READY), or null: /status and /cancel. */
  async activeFor(customerId: string): Promise<OrderView | null> {
    const [row] = await orderViews(this.#orm.em.fork())
      .where('o.customer', '=', customerId)
      .where('o.status', 'in', ACTIVE_STATUSES)
      .orderBy('o.ordered_at', 'desc')
      .limit(1)
      .execute();
    return row ? toOrderView(row) : null;
  }

  /** The customer cancels their own order before it is being prepared. */
  async cancelOrder(ref: string, customerId: string, reason?: string | null): Promise<OrderView> {
    return this.#transition(ref, 'cancelOrder', async (em, order, now) => {
      if (order.customer !== customerId) throw localizedError(ordersText, 'forbidden', 'refusal.notYourOrder');
      if (order.status !== 'ORDERED' && order.status !== 'CLAIMED') return 0;
      return em.nativeUpdate(
        OrderSchema,
        { id: order.id, status: order.status },
        {
          status: 'CANCELLED',
          cancelledAt: now,
          cancelReason: reason?.trim().slice(0, MAX_REASON_LENGTH) || 'Cancelled by the customer.',
          ...clearDeadlines(now),
        },
      );
    });
  }

  /**
   * POST …/claim: exactly one chef wins. A chef holds one claimed order at a time (a partial unique index,
   * `orders_one_claim_per_chef`) and never their own. One conditional update; when it changes nothing, the order
   * is read to say why.
   */
  async claim(actor: Actor, ref: string): Promise<OrderView> {
    const now = new Date(this.#now());
    return this.#conditional({
      transition: CLAIM,
      values: { chef: actor.id, now, expires: new Date(now.getTime() + this.#config.plugins.orders.claimTimeoutMs) },
      event: 'orderUpdated',
      ref,
      refuse: (order) => {
        if (order.customer === actor.id) throw localizedError(ordersText, 'forbidden', 'refusal.ownOrder');
      },
      clash: async (em) => {
        const held = await ordersSql(em)
          .selectFrom('orders')
          .select('order_code')
          .where('claimed_by', '=', actor.id)
          .where('status', '=', 'CLAIMED')
          .limit(1)
          .executeTakeFirst();
        if (!held) return null;
        const orderID = held.order_code;
        return localizedError(ordersText, 'conflict', 'refusal.holdingOrder', { orderID }, { orderID });
      },
    });
  }

  /**
   * POST …/unclaim: the holder, or an order manager; the order goes back to the kitchen queue. A claim made today
   * (the database's day) is given back by one conditional update. A claim given back leaves no trace in the
   * figures, so one made on an earlier day changes that day's: it is given back in a transaction that marks the day
   * (`#unclaimEarlier`).
   */
  async unclaim(actor: Actor, ref: string): Promise<OrderView> {
    const now = new Date(this.#now());
    return this.#conditional({
      transition: UNCLAIM_TODAY,
      values: { actor: actor.id, manager: isOrderManager(actor), now },
      event: 'orderUpdated',
      ref,
      refuse: (order) => {
        if (order.status === 'CLAIMED') this.#assertHolder(actor, order);
      },
      // Still claimed, by someone who may give it back: the claim was made before today.
      otherwise: (order) => (order.status === 'CLAIMED' ? this.#unclaimEarlier(actor, ref) : null),
    });
  }

  /** An unclaim of a claim made before today: its day's figures change, so the day is marked in the same transaction. */
  async #unclaimEarlier(actor: Actor, ref: string): Promise<OrderView> {
    return this.#transition(ref, 'orderUpdated', async (em, order, now) => {
      if (order.status !== 'CLAIMED') return 0;
      this.#assertHolder(actor, order);
      const changed = await em.nativeUpdate(
        OrderSchema,
        { id: order.id, status: 'CLAIMED', claimedAt: order.claimedAt },
        { status: 'ORDERED', claimedBy: null, claimedAt: null, claimExpiresAt: null, updatedAt: now },
      );
      if (changed > 0) await markDaysChanged(em, [order.claimedAt]);
      return changed;
    });
  }

  /** POST …/prepare: 1 to 3 acceptable images and a note; cooking runs for ORDER_COOKING_TIME_S. */
  async prepare(
    actor: Actor,
    ref: string,
    input: PrepareInput,
    knownImages: ReadonlySet<string> = new Set(),
  ): Promise<OrderView> {
    const rules = { publicUrl: this.#config.publicUrl, imageHostOrigin: this.imageHostOrigin(), known: knownImages };
    for (const url of input.images) {
      const refusal = imageUrlRefusal(url, rules);
      if (refusal) throw refusal;
    }
    const now = new Date(this.#now());
    return this.#conditional({
      transition: PREPARE,
      values: {
        actor: actor.id,
        manager: isOrderManager(actor),
        now,
        images: JSON.stringify(input.images),
        chefNote: input.chefNote,
        readyAt: new Date(now.getTime() + this.#config.plugins.orders.cookingTimeMs),
      },
      event: 'orderUpdated',
      ref,
      refuse: (order) => {
        if (order.status === 'CLAIMED') this.#assertHolder(actor, order);
      },
    });
  }

  /**
   * POST …/deliver: the assigned driver; with no driver assigned, any MANAGE_ORDERS user; an order manager always.
   * `report: true` closes it as reported (troll or invalid order) rather than delivered.
   */
  async deliver(actor: Actor, ref: string, input: DeliverInput): Promise<OrderView> {
    const now = new Date(this.#now());
    return this.#conditional({
      transition: DELIVER,
      values: {
        actor: actor.id,
        manager: isOrderManager(actor),
        now,
        report: input.report,
        reportReason: input.report ? (input.reportReason ?? null) : null,
      },
      event: 'deliverOrder',
      ref,
      refuse: (order) => {
        if (
          order.status === 'READY' &&
          order.assignedDriver &&
          order.assignedDriver !== actor.id &&
          !isOrderManager(actor)
        ) {
          throw localizedError(
            ordersText,
            'forbidden',
            'refusal.otherDriver',
            {},
            {
              assignedDriver: order.assignedDriver,
            },
          );
        }
      },
    });
  }

  /**
   * DELETE …/delete: staff remove an order with a reason the customer is told. A MANAGE_ORDERS user may delete an
   * order waiting in the kitchen or one they hold; an order manager any active order. Audited (`order.delete`).
   */
  async delete(actor: Actor & AuditActor, ref: string, input: DeleteInput): Promise<OrderView> {
    return this.#transition(ref, 'orderDeleted', async (em, order, now) => {
      if (!ACTIVE_STATUSES.includes(order.status)) return 0;
      const own = order.status === 'ORDERED' || (order.status === 'CLAIMED' && order.claimedBy === actor.id);
      if (!own && !isOrderManager(actor)) {
        throw localizedError(ordersText, 'forbidden', 'refusal.deleteOthers');
      }
      const changed = await em.nativeUpdate(
        OrderSchema,
        { id: order.id, status: order.status },
        { status: 'DELETED', deletedBy: actor.id, deletedAt: now, deleteReason: input.reason, ...clearDeadlines(now) },
      );
      if (changed > 0) {
        await this.#audit.record(em, {
          actor,
          action: 'order.delete',
          target: { type: 'order', id: order.id, name: `#${order.orderID} ${order.item}` },
          before: { status: order.status },
          after: { status: 'DELETED' },
          reason: input.reason,
        });
      }
      return changed;
    });
  }

  /** GET /api/client/orders: every active order, most urgent first. Every MANAGE_ORDERS viewer sees the same list. */
  async listActive(): Promise<OrderView[]> {
    return this.#active.views();
  }

  /**
   * The same list as `{ orders }` JSON bytes in the encoding the request takes: made once per change and encoding,
   * not per request (500 orders are about 400 KiB of JSON, 22–26 KiB gzipped in parts: list-bytes.ts).
   */
  async activeOrdersBody(encoding: ListEncoding): Promise<JsonBytes<OrdersResponse>> {
    return this.#active.bytes(encoding);
  }

  /** GET /api/client/orders/user/{userId}: orders the user placed, claimed, prepared or delivered, newest first. */
  async history(userId: string, limit = 100): Promise<OrderView[]> {
    return views(
      await orderViews(this.#orm.em.fork())
        .where(inHistoryOf(userId))
        .orderBy('o.ordered_at', 'desc')
        .limit(Math.max(1, Math.min(500, Math.trunc(limit))))
        .execute(),
    );
  }

  /** A page of a user's order history, newest first, and how many orders it has in all (the admin list pattern). */
  async historyPage(userId: string, page: number, pageSize: number): Promise<{ orders: OrderView[]; total: number }> {
    const em = this.#orm.em.fork();
    const size = Math.max(1, Math.min(100, Math.trunc(pageSize)));
    const offset = (Math.max(1, Math.trunc(page)) - 1) * size;
    const [rows, count] = await Promise.all([
      orderViews(em)
        .where(inHistoryOf(userId))
        .orderBy('o.ordered_at', 'desc')
        .orderBy('o.id')
        .limit(size)
        .offset(offset)
        .execute(),
      ordersSql(em)
        .selectFrom('orders as o')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(inHistoryOf(userId))
        .executeTakeFirst(),
    ]);
    return { orders: views(rows), total: Number(count?.n ?? 0) };
  }

  // Delivery queue

  async listQueue(): Promise<DeliveryQueueEntryView[]> {
    const rows = await queueViews(this.#orm.em.fork()).orderBy('q.joined_at', 'asc').execute();
    return rows.map(toQueueView);
  }

  /**
   * POST …/delivery-queue/join: joining when present returns the existing entry (and publishes nothing). A member
   * on leave is refused (409, saying until when); one who joins as their leave is approved is taken out by the
   * approval or the sweeper's next pass.
   */
  async joinQueue(userId: string): Promise<DeliveryQueueEntryView> {
    const refusal = await this.#hooks.queueRefusal?.(userId);
    if (refusal) throw refusal;
    const em = this.#orm.em.fork();
    const inserted = await ordersSql(em)
      .insertInto('delivery_queue')
      .values({ user_id: userId, joined_at: new Date(this.#now()) })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returning('user_id')
      .execute();
    const entry = await this.#queueEntry(em, userId);
    if (!entry) throw localizedError(ordersText, 'conflict', 'refusal.leftQueue');
    if (inserted.length > 0) this.#events.publish('joinDeliveryQueue', { queue: entry, userID: userId });
    return entry;
  }

  /**
   * DELETE …/delivery-queue/leave: the driver's ready orders go back to be assigned to someone else. The delete
   * decides (`delete … returning`): of many leaves at once one removes the entry and is answered, the rest 404.
   */
  async leaveQueue(userId: string): Promise<DeliveryQueueEntryView> {
    const now = new Date(this.#now());
    const { entry, released } = await this.#orm.em.fork().transactional(async (em) => {
      const gone = await ordersSql(em)
        .deleteFrom('delivery_queue')
        .where('user_id', '=', userId)
        .returning(['user_id', 'joined_at', 'last_assigned_at'])
        .executeTakeFirst();
      if (!gone) throw localizedError(ordersText, 'not_found', 'refusal.notInQueue');
      const summary = (await userSummariesIn(em, [userId])).get(userId);
      const released = await ordersSql(em)
        .updateTable('orders')
        .set((eb) => ({
          assigned_driver: null,
          assigned_at: null,
          assignment_expires_at: null,
          skipped_drivers: eb.fn<string[]>('array_append', ['skipped_drivers', eb.val(userId)]),
          updated_at: now,
        }))
        .where('status', '=', 'READY')
        .where('assigned_driver', '=', userId)
        .returning('id')
        .execute();
      return { entry: toQueueView({ ...gone, summary }), released: released.map((r) => r.id) };
    });
    this.#events.publish('leaveDeliveryQueue', { queue: entry, userID: userId });
    for (const view of await selectOrderViewsByIds(this.#orm.em.fork(), released))
      this.#events.publish('orderUpdated', { order: view });
    return entry;
  }

  /** Takes someone out of the delivery queue as leaveQueue does (their ready orders released); null when they were not in it. */
  async removeFromQueue(userId: string): Promise<DeliveryQueueEntryView | null> {
    try {
      return await this.leaveQueue(userId);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  /**
   * The bot left a server (GUILD_DELETE): every active order from it is cancelled with the reason, since nothing
   * can be delivered there. One conditional UPDATE; each cancelled order is published as `cancelOrder`.
   */
  async cancelForGuild(guildId: string, reason: string): Promise<OrderView[]> {
    const now = new Date(this.#now());
    const rows = await ordersSql(this.#orm.em.fork())
      .updateTable('orders')
      .set({
        status: 'CANCELLED',
        cancelled_at: now,
        cancel_reason: reason.slice(0, MAX_REASON_LENGTH),
        claim_expires_at: null,
        assignment_expires_at: null,
        cancel_at: null,
        updated_at: now,
      })
      .where('guild_id', '=', guildId)
      .where('status', 'in', ACTIVE_STATUSES)
      .returning('id')
      .execute();
    const views = await selectOrderViewsByIds(
      this.#orm.em.fork(),
      rows.map((r) => r.id),
    );
    for (const view of views) this.#events.publish('cancelOrder', { order: view });
    return views;
  }

  /**
   * The bot could post the delivery neither in the order's channel nor to the customer: the order says so
   * (`deliveryFailed`) and `orderUpdated` tells the site. Only a delivered order; once.
   */
  async markDeliveryFailed(ref: string): Promise<OrderView | null> {
    const em = this.#orm.em.fork();
    const changed = await em.nativeUpdate(
      OrderSchema,
      { ...(isId(ref) ? { id: ref } : { orderID: ref }), status: 'DELIVERED', deliveryFailed: false },
      { deliveryFailed: true, updatedAt: new Date(this.#now()) },
    );
    if (changed === 0) return null;
    const view = await this.get(ref);
    this.#events.publish('orderUpdated', { order: view });
    return view;
  }

  /** The site's public origin (links in bot replies). */
  publicUrl(): string {
    return this.#config.publicUrl;
  }

  /** The image host's origin: its links are accepted as order images (schemas.ts imageUrlProblem). */
  imageHostOrigin(): string | undefined {
    return this.#config.plugins.orders.images.hostUrl
      ? new URL(this.#config.plugins.orders.images.hostUrl).origin
      : undefined;
  }

  async #queueEntry(em: Em, userId: string): Promise<DeliveryQueueEntryView | null> {
    const row = await queueViews(em).where('q.user_id', '=', userId).executeTakeFirst();
    return row ? toQueueView(row) : null;
  }

  #assertHolder(actor: Actor, order: Order): void {
    if (order.claimedBy !== actor.id && !isOrderManager(actor)) {
      throw localizedError(ordersText, 'forbidden', 'refusal.notHolder');
    }
  }

  /**
   * One transition: load the order (404), let `work` check who may act and run its conditional UPDATE; no row
   * changed means someone else moved the order first (or it is in the wrong state): 409 with its current state.
   */
  async #transition(
    ref: string,
    event: OrderEvent,
    work: (em: Em, order: Order, now: Date) => Promise<number>,
  ): Promise<OrderView> {
    const now = new Date(this.#now());
    const id = await this.#orm.em.fork().transactional(async (em) => {
      const order = await findOrder(em, ref);
      const changed = await work(em, order, now);
      if (changed === 0) throw stateConflict((await selectOrderView(em, order.id))!);
      return order.id;
    });
    return this.#publish(event, id);
  }

  /**
   * A transition as ONE prepared statement, no transaction around it (transitions.ts): the conditional update and,
   * from its `returning`, the order's view, which `event` carries to every listener. Nothing changed: the order is
   * read to say why: 404, `refuse` throws the caller's 403, `otherwise` may make the change another way, else 409
   * with its current state. A unique index the update broke: `clash` answers the 409 to give.
   */
  async #conditional<P extends Record<string, PreparedValue>>(change: ConditionalChange<P>): Promise<OrderView> {
    const { transition, values, event, ref, refuse, otherwise, clash } = change;
    const em = this.#orm.em.fork();
    const statement = isId(ref) ? transition.byId : transition.byCode;
    let rows: Awaited<ReturnType<typeof statement.run>>;
    try {
      rows = await statement.run(this.#orm, em, { ...values, ref });
    } catch (error) {
      const refused = isUniqueViolation(error) && clash ? await clash(em) : null;
      throw refused ?? error;
    }
    if (rows[0]) {
      const view = toChangedOrderView(rows[0]);
      this.#events.publish(event, { order: view } satisfies DomainEvents[OrderEvent]);
      return view;
    }
    const order = await findOrder(em, ref);
    refuse(order);
    const answered = otherwise?.(order);
    if (answered) return answered;
    throw stateConflict((await selectOrderView(em, order.id))!);
  }

  /** After commit: the order as the list shows it, to every listener. */
  async #publish(event: OrderEvent, id: string): Promise<OrderView> {
    const [view] = await selectOrderViewsByIds(this.#orm.em.fork(), [id]);
    this.#events.publish(event, { order: view! } satisfies DomainEvents[OrderEvent]);
    return view!;
  }
}

/** The order a path names, by its snowflake id or its orderID: 404 when there is none. */
async function findOrder(em: Em, ref: string): Promise<Order> {
  const order = await em.findOne(OrderSchema, isId(ref) ? { id: ref } : { orderID: ref });
  if (!order) throw localizedError(ordersText, 'not_found', 'refusal.orderNotFound');
  return order;
}

/** A finished order waits for nothing. */
function clearDeadlines(now: Date) {
  return { claimExpiresAt: null, assignmentExpiresAt: null, cancelAt: null, updatedAt: now };
}

/** A transition as one conditional update (OrdersService.#conditional). */
interface ConditionalChange<P extends Record<string, PreparedValue>> {
  /** The prepared update (transitions.ts) and its values but the order's reference. */
  transition: Transition<P>;
  values: P;
  event: OrderEvent;
  /** The order's snowflake id or its orderID. */
  ref: string;
  /** Nothing changed: throws the 403 the caller gives. */
  refuse: (order: Order) => void;
  /** Nothing changed and not refused: the change made another way, or null for the 409. */
  otherwise?: (order: Order) => Promise<OrderView> | null;
  /** A unique index the update broke: the 409 to give, or null to throw the error as it is. */
  clash?: (em: Em) => Promise<DomainError | null>;
}
