import { type Expression, type ExpressionBuilder, type Selectable, sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { Em } from '../../core/db/orm.ts';
import { isId } from '../../core/shared/ids.ts';
import type { DeliveryQueueEntryView, Mention, OrderStatus, OrderView, UserSummary } from './schemas.ts';
import { type OrdersDb, ordersSql } from './sql.ts';

/*
 * Order views in one query: the order row and the summaries of everyone it names (customer, chef, driver), joined
 * in lists and found by one index scan in a transition's answer, never fetched in round trips of their own.
 */

/** The columns of `o` an order view reads. */
export const ORDER_COLUMNS = [
  'o.id',
  'o.order_code',
  'o.status',
  'o.item',
  'o.priority',
  'o.guild_id',
  'o.channel_id',
  'o.customer',
  'o.mentions',
  'o.claimed_by',
  'o.claim_expires_at',
  'o.prepared_by',
  'o.images',
  'o.chef_note',
  'o.assigned_driver',
  'o.assignment_expires_at',
  'o.delivered_by',
  'o.report',
  'o.report_reason',
  'o.delivery_failed',
  'o.cancel_reason',
  'o.delete_reason',
  'o.deleted_by',
  'o.cancel_at',
  'o.ordered_at',
  'o.claimed_at',
  'o.prepare_started_at',
  'o.ready_at',
  'o.assigned_at',
  'o.delivered_at',
  'o.cancelled_at',
  'o.deleted_at',
  'o.updated_at',
] as const;

/** An order row as a view reads it. */
export type OrderRow = Pick<
  Selectable<OrdersDb['orders']>,
  (typeof ORDER_COLUMNS)[number] extends `o.${infer C}` ? C : never
>;

/** A left-joined person's summary as JSON, from their row's columns: null when the join found nobody. */
function summaryOf<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  person: {
    id: Expression<string | null>;
    username: Expression<string | null>;
    displayName: Expression<string | null>;
    avatar: Expression<string | null>;
  },
) {
  return eb
    .case()
    .when(eb(person.id, 'is', null))
    .then(sql<null>`null`)
    .else(jsonBuildObject(person))
    .end()
    .$castTo<UserSummary | null>(); // a row that was found: its id and username are set
}

/** Order views over the table, as `o`, everyone they name joined (a search filters on `cu`, the customer). */
export function orderViews(em: Em) {
  return ordersSql(em)
    .selectFrom('orders as o')
    .leftJoin('users as cu', 'cu.id', 'o.customer')
    .leftJoin('users as cl', 'cl.id', 'o.claimed_by')
    .leftJoin('users as pr', 'pr.id', 'o.prepared_by')
    .leftJoin('users as dr', 'dr.id', 'o.assigned_driver')
    .leftJoin('users as de', 'de.id', 'o.delivered_by')
    .select(ORDER_COLUMNS)
    .select((eb) => {
      const summary = (alias: 'cu' | 'cl' | 'pr' | 'dr' | 'de') =>
        summaryOf(eb, {
          id: eb.ref(`${alias}.id`),
          username: eb.ref(`${alias}.username`),
          displayName: eb.ref(`${alias}.display_name`),
          avatar: eb.ref(`${alias}.avatar`),
        });
      return [
        summary('cu').as('customer_user'),
        summary('cl').as('claimed_user'),
        summary('pr').as('prepared_user'),
        summary('dr').as('driver_user'),
        summary('de').as('delivered_user'),
      ];
    });
}

/**
 * Everyone a transition's updated row (`o`) names, as `[id, username, display name, avatar]` each, found in ONE
 * index scan of `users` (the ids that are null match nothing). A lookup per person costs PostgreSQL an index scan to
 * set up per person named or not, on every statement: five cost about a quarter of a claim's CPU there, this one
 * about a tenth of that (bench/NOTES.md, "Writes").
 */
export function peopleOf(eb: ExpressionBuilder<OrdersDb & { o: OrdersDb['orders'] }, 'o'>) {
  const named = sql<
    string[]
  >`array[${eb.ref('o.customer')}, ${eb.ref('o.claimed_by')}, ${eb.ref('o.prepared_by')}, ${eb.ref('o.assigned_driver')}, ${eb.ref('o.delivered_by')}]`;
  const people = eb
    .selectFrom('users as u')
    .select((u) =>
      sql`array[${u.ref('u.id')}, ${u.ref('u.username')}, ${u.ref('u.display_name')}, ${u.ref('u.avatar')}]`.as(
        'person',
      ),
    )
    .where((u) => u('u.id', '=', u.fn.any(named)));
  return sql<(string | null)[][]>`array(${people})`.as('people');
}

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(value).toISOString();
}

export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A user who never signed in here (a Discord customer): the id is all we know. */
export function unknownUser(id: string): UserSummary {
  return { id, username: 'Unknown user', displayName: null, avatar: null };
}

/** A person an order names: their summary from the join, or the id alone (never signed in here); null when nobody. */
export function person(id: string | null, summary: UserSummary | string | null | undefined): UserSummary | null {
  if (id === null || id === undefined) return null;
  return summary ? json<UserSummary>(summary) : unknownUser(id);
}

type Summary = UserSummary | string | null | undefined;

/** An order row with the summaries of everyone it names (orderViews, or a transition's answer). */
export type OrderViewRow = OrderRow & {
  customer_user: Summary;
  claimed_user: Summary;
  prepared_user: Summary;
  driver_user: Summary;
  delivered_user: Summary;
};

export function toOrderView(row: OrderViewRow): OrderView {
  return {
    id: row.id,
    orderID: row.order_code,
    status: row.status as OrderStatus,
    item: row.item,
    priority: Number(row.priority),
    guildId: row.guild_id ?? null,
    channelId: row.channel_id ?? null,
    orderedBy: person(row.customer, row.customer_user)!,
    mentions: json<Mention[]>(row.mentions) ?? [],
    claimedBy: person(row.claimed_by, row.claimed_user),
    claimExpiresAt: iso(row.claim_expires_at),
    preparedBy: person(row.prepared_by, row.prepared_user),
    images: row.images ?? [],
    chefNote: row.chef_note ?? null,
    assignedDriver: person(row.assigned_driver, row.driver_user),
    assignmentExpiresAt: iso(row.assignment_expires_at),
    deliveredBy: person(row.delivered_by, row.delivered_user),
    report: Boolean(row.report),
    reportReason: row.report_reason ?? null,
    deliveryFailed: Boolean(row.delivery_failed),
    cancelReason: row.cancel_reason ?? null,
    deleteReason: row.delete_reason ?? null,
    deletedBy: row.deleted_by ?? null,
    cancelAt: iso(row.cancel_at),
    orderedAt: iso(row.ordered_at)!,
    claimedAt: iso(row.claimed_at),
    prepareStartedAt: iso(row.prepare_started_at),
    readyAt: iso(row.ready_at),
    assignedAt: iso(row.assigned_at),
    deliveredAt: iso(row.delivered_at),
    cancelledAt: iso(row.cancelled_at),
    updatedAt: iso(row.updated_at)!,
    deletedAt: iso(row.deleted_at),
  };
}

/** A transition's answer: the order's columns and everyone it names (peopleOf). */
export type ChangedOrderRow = OrderRow & { people: (string | null)[][] };

/** A transition's answer (ORDER_COLUMNS and peopleOf) as a view: its people by id in place of the joins' summaries. */
export function toChangedOrderView(row: ChangedOrderRow): OrderView {
  const people = new Map(
    row.people.map(([id, username, displayName, avatar]) => [id, { id, username, displayName, avatar } as UserSummary]),
  );
  const of = (id: string | null) => (id === null ? null : people.get(id));
  return toOrderView({
    ...row,
    customer_user: of(row.customer),
    claimed_user: of(row.claimed_by),
    prepared_user: of(row.prepared_by),
    driver_user: of(row.assigned_driver),
    delivered_user: of(row.delivered_by),
  });
}

/** The views of these orders, in the order of `ids` (the ones that exist). */
export async function selectOrderViewsByIds(em: Em, ids: readonly string[]): Promise<OrderView[]> {
  if (ids.length === 0) return [];
  const rows = await orderViews(em)
    .where('o.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toOrderView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The view of one order, by its snowflake id or its orderID; null when there is none. */
export async function selectOrderView(em: Em, ref: string): Promise<OrderView | null> {
  const [row] = await orderViews(em)
    .where(isId(ref) ? 'o.id' : 'o.order_code', '=', ref)
    .execute();
  return row ? toOrderView(row) : null;
}

/** Delivery queue entries, each with its driver's summary. */
export function queueViews(em: Em) {
  return ordersSql(em)
    .selectFrom('delivery_queue as q')
    .leftJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.user_id', 'q.joined_at', 'q.last_assigned_at'])
    .select((eb) =>
      summaryOf(eb, {
        id: eb.ref('u.id'),
        username: eb.ref('u.username'),
        displayName: eb.ref('u.display_name'),
        avatar: eb.ref('u.avatar'),
      }).as('summary'),
    );
}

export function toQueueView(row: {
  user_id: string;
  joined_at: Date | string;
  last_assigned_at: Date | string | null;
  summary: Summary;
}): DeliveryQueueEntryView {
  return {
    userID: row.user_id,
    user: row.summary ? json<UserSummary>(row.summary) : unknownUser(row.user_id),
    joinedAt: iso(row.joined_at)!,
    lastAssignedAt: iso(row.last_assigned_at),
  };
}
