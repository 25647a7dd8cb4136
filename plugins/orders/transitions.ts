import { type Expression, type ExpressionBuilder, type SqlBool, sql, type UpdateObject } from 'kysely';
import { type Param, PreparedQuery, type PreparedValue } from '../../core/db/prepared.ts';
import { textArrayFromJson } from '../../core/db/sql.ts';
import { ACTIVE_STATUSES } from './schemas.ts';
import { type OrdersDb, ordersWriter } from './sql.ts';
import { type ChangedOrderRow, ORDER_COLUMNS, peopleOf } from './views.ts';

/*
 * The kitchen's hot transitions, each ONE conditional update prepared once (core/db/prepared.ts, ADR 0003):
 * `update orders o set … where <the order> and <the state it leaves> returning <its view>`. The `where` decides
 * the one winner of a race; the `returning` is the order's new view, everyone it names found in one index scan.
 */

type Tables = OrdersDb & { o: OrdersDb['orders'] };

/** What a transition writes, and the state the order must be in for it to happen. */
interface Change {
  set: UpdateObject<Tables, 'o', 'o'>;
  when: (eb: ExpressionBuilder<Tables, 'o'>) => Expression<SqlBool>;
}

/** A transition prepared twice: for an order named by its snowflake id, and by its orderID. */
export interface Transition<P extends Record<string, PreparedValue>> {
  byId: PreparedQuery<P & { ref: string }, ChangedOrderRow>;
  byCode: PreparedQuery<P & { ref: string }, ChangedOrderRow>;
}

function transition<P extends Record<string, PreparedValue>>(
  name: string,
  change: (param: Param<P & { ref: string }>) => Change,
): Transition<P> {
  const prepared = (key: 'id' | 'code', column: 'o.id' | 'o.order_code') =>
    new PreparedQuery<P & { ref: string }, ChangedOrderRow>(`orders.${name}.${key}`, (param) => {
      const { set, when } = change(param);
      return ordersWriter
        .updateTable('orders as o')
        .set(set)
        .where(column, '=', param('ref'))
        .where(when)
        .returning(ORDER_COLUMNS)
        .returning(peopleOf);
    });
  return { byId: prepared('id', 'o.id'), byCode: prepared('code', 'o.order_code') };
}

/** The moment the database's UTC day began (for its statement: `now()`). */
const TODAY = sql<Date>`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;

/** An ORDERED order not the chef's own becomes theirs until `expires`. */
export const CLAIM = transition<{ chef: string; now: Date; expires: Date }>('claim', (param) => ({
  set: {
    status: 'CLAIMED',
    claimed_by: param('chef'),
    claimed_at: param('now'),
    claim_expires_at: param('expires'),
    updated_at: param('now'),
  },
  when: (eb) => eb.and([eb('o.status', '=', 'ORDERED'), eb('o.customer', '<>', param('chef'))]),
}));

/** A claim made today, given back by its holder (or an order manager): the order waits in the kitchen again. */
export const UNCLAIM_TODAY = transition<{ actor: string; manager: boolean; now: Date }>('unclaim', (param) => ({
  set: { status: 'ORDERED', claimed_by: null, claimed_at: null, claim_expires_at: null, updated_at: param('now') },
  when: (eb) =>
    eb.and([
      eb('o.status', '=', 'CLAIMED'),
      eb.or([eb('o.claimed_by', '=', param('actor')), param('manager')]),
      eb('o.claimed_at', '>=', TODAY),
    ]),
}));

/** The holder (or an order manager) starts cooking: the images (a JSON array) and the note, ready at `readyAt`. */
export const PREPARE = transition<{
  actor: string;
  manager: boolean;
  now: Date;
  images: string;
  chefNote: string | null;
  readyAt: Date;
}>('prepare', (param) => ({
  set: {
    status: 'PREPARING',
    prepared_by: param('actor'),
    prepare_started_at: param('now'),
    images: textArrayFromJson(param('images')),
    chef_note: param('chefNote'),
    ready_at: param('readyAt'),
    claim_expires_at: null,
    updated_at: param('now'),
  },
  when: (eb) =>
    eb.and([eb('o.status', '=', 'CLAIMED'), eb.or([eb('o.claimed_by', '=', param('actor')), param('manager')])]),
}));

/** A ready order delivered (or reported) by its driver, by anyone when it has none, or by an order manager. */
export const DELIVER = transition<{
  actor: string;
  manager: boolean;
  now: Date;
  report: boolean;
  reportReason: string | null;
}>('deliver', (param) => ({
  set: {
    status: 'DELIVERED',
    delivered_by: param('actor'),
    delivered_at: param('now'),
    report: param('report'),
    report_reason: param('reportReason'),
    claim_expires_at: null,
    assignment_expires_at: null,
    cancel_at: null,
    updated_at: param('now'),
  },
  when: (eb) =>
    eb.and([
      eb('o.status', '=', 'READY'),
      eb.or([eb('o.assigned_driver', 'is', null), eb('o.assigned_driver', '=', param('actor')), param('manager')]),
    ]),
}));

/** The columns of an order view, as the new order's insert answers them (`PLACE`). */
const PLACED_COLUMNS = ORDER_COLUMNS.map((column) =>
  column.slice(2),
) as (typeof ORDER_COLUMNS)[number] extends `o.${infer C}` ? C[] : never;

/**
 * A customer's new order, placed only when they have no active one: one conditional insert, `on conflict do nothing`
 * against the partial unique index of active orders per customer (migration OneActiveOrderPerCustomer), its
 * `returning` the order's view (the customer found in the same statement, as a transition's answer). No row: they
 * have one already. Of two orders from one customer at once on PostgreSQL, the second waits for the first's insert
 * to commit, then finds it: one winner without a transaction or a lock (docs/adr/0007).
 */
export const PLACE = new PreparedQuery<
  {
    id: string;
    code: string;
    customer: string;
    guildId: string | null;
    channelId: string | null;
    item: string;
    /** The mentions as JSON text. */
    mentions: string;
    priority: number;
    now: Date;
    cancelAt: Date;
  },
  ChangedOrderRow
>('orders.place', (param) =>
  ordersWriter
    .with('o', (db) =>
      db
        .insertInto('orders')
        .columns([
          'id',
          'order_code',
          'customer',
          'guild_id',
          'channel_id',
          'item',
          'mentions',
          'priority',
          'status',
          'ordered_at',
          'cancel_at',
          'updated_at',
        ])
        .expression(
          db.selectNoFrom((eb) => [
            eb.cast<string>(param('id'), 'varchar').as('id'),
            eb.cast<string>(param('code'), 'varchar').as('order_code'),
            eb.cast<string>(param('customer'), 'varchar').as('customer'),
            eb.cast<string | null>(param('guildId'), 'varchar').as('guild_id'),
            eb.cast<string | null>(param('channelId'), 'varchar').as('channel_id'),
            eb.cast<string>(param('item'), 'text').as('item'),
            eb.cast<string>(param('mentions'), 'jsonb').as('mentions'),
            eb.cast<number>(param('priority'), 'integer').as('priority'),
            sql.lit<string>('ORDERED').as('status'),
            eb.cast<Date>(param('now'), 'timestamptz').as('ordered_at'),
            eb.cast<Date>(param('cancelAt'), 'timestamptz').as('cancel_at'),
            eb.cast<Date>(param('now'), 'timestamptz').as('updated_at'),
          ]),
        )
        // Their active order, if they have one, wins (its index's predicate written out, so PostgreSQL infers the index).
        .onConflict((oc) =>
          oc
            .column('customer')
            .where(
              'status',
              'in',
              ACTIVE_STATUSES.map((status) => sql.lit(status)),
            )
            .doNothing(),
        )
        .returning(PLACED_COLUMNS),
    )
    .selectFrom('o')
    .select(ORDER_COLUMNS)
    .select(peopleOf),
);
