import type { Em } from '../../core/db/orm.ts';
import type { DeliveryQueueEntryView, Mention, OrderStatus, OrderView, UserSummary } from './schemas.ts';

/*
 * Order views in one query: the order row and the summaries of everyone it names (customer, chef, driver), joined
 * in lists and found by one index scan in a transition's answer, never fetched in round trips of their own.
 */

/** A user row's summary as JSON (the row `alias` must be there). */
const summaryJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'displayName', ${alias}.display_name, 'avatar', ${alias}.avatar)`;

/** A left-joined user's summary as JSON: null when the join found nobody. */
export const userJson = (alias: string) => `case when ${alias}.id is null then null else ${summaryJson(alias)} end`;

/** The columns of `o` an order view reads. */
const ORDER_COLUMNS = `o.id, o.order_code, o.status, o.item, o.priority, o.guild_id, o.channel_id, o.customer, o.mentions,
  o.claimed_by, o.claim_expires_at, o.prepared_by, o.images, o.chef_note, o.assigned_driver, o.assignment_expires_at,
  o.delivered_by, o.report, o.report_reason, o.delivery_failed, o.cancel_reason, o.delete_reason, o.deleted_by,
  o.cancel_at, o.ordered_at, o.claimed_at, o.prepare_started_at, o.ready_at, o.assigned_at, o.delivered_at,
  o.cancelled_at, o.deleted_at, o.updated_at`;

/** Order views over the table, as `o`, everyone they name joined (a search filters on `cu`, the customer). */
export const ORDER_VIEW_SQL = `
select ${ORDER_COLUMNS},
  ${userJson('cu')} as customer_user, ${userJson('cl')} as claimed_user, ${userJson('pr')} as prepared_user,
  ${userJson('dr')} as driver_user, ${userJson('de')} as delivered_user
from orders o
left join users cu on cu.id = o.customer
left join users cl on cl.id = o.claimed_by
left join users pr on pr.id = o.prepared_by
left join users dr on dr.id = o.assigned_driver
left join users de on de.id = o.delivered_by`;

/**
 * A transition's `returning` (the updated row as `o`): its view's columns and everyone it names as `people`, each
 * `{id, username, display name, avatar}`, found in ONE index scan of `users` (the ids that are null match nothing).
 * A lookup per person costs PostgreSQL an index scan to set up per person named or not, on every statement: five
 * cost about a quarter of a claim's CPU there, this one about a tenth of that (bench/NOTES.md, "Writes").
 */
export const CHANGED_VIEW_RETURNING = `${ORDER_COLUMNS},
  array(select array[u.id, u.username, u.display_name, u.avatar] from users u
    where u.id = any(array[o.customer, o.claimed_by, o.prepared_by, o.assigned_driver, o.delivered_by])) as people`;

type Row = Record<string, unknown>;

export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(value as string).toISOString();
}

export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A user who never signed in here (a Discord customer): the id is all we know. */
export function unknownUser(id: string): UserSummary {
  return { id, username: 'Unknown user', displayName: null, avatar: null };
}

/** A person an order names: their summary from the join, or the id alone (never signed in here); null when nobody. */
export function person(id: unknown, summary: unknown): UserSummary | null {
  if (id === null || id === undefined) return null;
  return summary ? json<UserSummary>(summary) : unknownUser(id as string);
}

export function toOrderView(row: Row): OrderView {
  return {
    id: row.id as string,
    orderID: row.order_code as string,
    status: row.status as OrderStatus,
    item: row.item as string,
    priority: Number(row.priority),
    guildId: (row.guild_id as string | null) ?? null,
    channelId: (row.channel_id as string | null) ?? null,
    orderedBy: person(row.customer, row.customer_user)!,
    mentions: json<Mention[]>(row.mentions) ?? [],
    claimedBy: person(row.claimed_by, row.claimed_user),
    claimExpiresAt: iso(row.claim_expires_at),
    preparedBy: person(row.prepared_by, row.prepared_user),
    images: (row.images as string[] | null) ?? [],
    chefNote: (row.chef_note as string | null) ?? null,
    assignedDriver: person(row.assigned_driver, row.driver_user),
    assignmentExpiresAt: iso(row.assignment_expires_at),
    deliveredBy: person(row.delivered_by, row.delivered_user),
    report: Boolean(row.report),
    reportReason: (row.report_reason as string | null) ?? null,
    deliveryFailed: Boolean(row.delivery_failed),
    cancelReason: (row.cancel_reason as string | null) ?? null,
    deleteReason: (row.delete_reason as string | null) ?? null,
    deletedBy: (row.deleted_by as string | null) ?? null,
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

/** A transition's answer (CHANGED_VIEW_RETURNING) as a view: its people by id in place of the joins' summaries. */
export function toChangedOrderView(row: Row): OrderView {
  const people = new Map(
    (row.people as (string | null)[][]).map(([id, username, displayName, avatar]) => [
      id,
      { id, username, displayName, avatar },
    ]),
  );
  return toOrderView({
    ...row,
    customer_user: people.get(row.customer as string),
    claimed_user: people.get(row.claimed_by as string),
    prepared_user: people.get(row.prepared_by as string),
    driver_user: people.get(row.assigned_driver as string),
    delivered_user: people.get(row.delivered_by as string),
  });
}

/** Views of the orders `where` selects (SQL over `o`, with `?` parameters). */
export async function selectOrderViews(em: Em, where: string, params: unknown[] = [], tail = ''): Promise<OrderView[]> {
  const rows = await em.execute<Row[]>(`${ORDER_VIEW_SQL} where ${where} ${tail}`, params);
  return rows.map(toOrderView);
}

export async function selectOrderViewsByIds(em: Em, ids: readonly string[]): Promise<OrderView[]> {
  if (ids.length === 0) return [];
  const views = await selectOrderViews(em, `o.id in (${ids.map(() => '?').join(', ')})`, [...ids]);
  const byId = new Map(views.map((v) => [v.id, v]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Queue entry views over `source` (the table, or the rows a `delete … returning` gave back). */
export const queueViewSql = (source: string) => `
select q.user_id, q.joined_at, q.last_assigned_at, ${userJson('u')} as summary
from ${source} q left join users u on u.id = q.user_id`;
export const QUEUE_VIEW_SQL = queueViewSql('delivery_queue');

export function toQueueView(row: Row): DeliveryQueueEntryView {
  const userID = row.user_id as string;
  return {
    userID,
    user: row.summary ? json<UserSummary>(row.summary) : unknownUser(userID),
    joinedAt: iso(row.joined_at)!,
    lastAssignedAt: iso(row.last_assigned_at),
  };
}
