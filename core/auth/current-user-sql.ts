import { hash } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Em, Orm } from '../db/orm.ts';
import { PreparedQuery, sqlWriter } from '../db/prepared.ts';
import { textArrayFromJson } from '../db/sql.ts';
import { toCurrentUser } from './current-user.ts';
import type { HeldRank, HeldRanksSource } from './held-ranks.ts';
import type { CurrentUser } from './sessions.ts';
import type { AuthDb } from './sql.ts';

/**
 * A CurrentUser in one statement, for the paths that read many at once: a reconnect storm's identifies (thousands of
 * sessions in a few batches), the gateway's refresh of every connected user, a session read on a request's path.
 * One statement per batch: the user's own columns and their ranks, aggregated in it by the expression the permission
 * port gives (core/auth/held-ranks.ts), instead of the ORM's queries and the hydration of entities.
 * `toCurrentUser` (current-user.ts) makes the one merge of permissions and perks; current-user-sql.int.test.ts checks
 * that a row and an entity with its ranks give the same user.
 */
const writer = sqlWriter<AuthDb>();

/** The user's columns a CurrentUser is made of, and their ranks as the port's JSON (`u` is the users row). */
function currentUserColumns(heldRanks: HeldRanksSource) {
  return (eb: ExpressionBuilder<{ u: AuthDb['users'] }, 'u'>) => [
    eb.ref('u.id').as('u_id'),
    eb.ref('u.username').as('u_username'),
    eb.ref('u.display_name').as('u_display_name'),
    eb.ref('u.discriminator').as('u_discriminator'),
    eb.ref('u.avatar').as('u_avatar'),
    eb.ref('u.permissions').as('u_permissions'),
    eb.ref('u.manual_perks').as('u_manual_perks'),
    eb.ref('u.perks').as('u_granted_perks'),
    eb.ref('u.flags').as('u_flags'),
    eb.ref('u.ban_active').as('u_ban_active'),
    eb.ref('u.ban_reason').as('u_ban_reason'),
    eb.ref('u.ban_expires').as('u_ban_expires'),
    eb.ref('u.settings').as('u_settings'),
    eb.ref('u.created_at').as('u_created_at'),
    // The port's expression: typed Kysely compiled to SQL text by the plugin that fills the port (ADR 0018).
    sql<HeldRank[] | string>`${sql.raw(heldRanks.json)}`.as('u_ranks'),
  ];
}

type Row = {
  u_id: string;
  u_username: string;
  u_display_name: string | null;
  u_discriminator: string;
  u_avatar: string | null;
  u_permissions: number | string;
  u_manual_perks: string[];
  u_granted_perks: string[];
  u_flags: number | string;
  u_ban_active: boolean;
  u_ban_reason: string | null;
  u_ban_expires: Date | string | null;
  u_settings: unknown;
  u_created_at: Date | string;
  u_ranks: HeldRank[] | string;
};

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The CurrentUser of a row selected with currentUserColumns. */
function currentUserOfRow(row: Row): CurrentUser {
  return toCurrentUser(
    {
      id: row.u_id,
      username: row.u_username,
      displayName: row.u_display_name ?? null,
      discriminator: row.u_discriminator,
      avatar: row.u_avatar ?? null,
      permissions: Number(row.u_permissions),
      manualPerks: row.u_manual_perks,
      grantedPerks: row.u_granted_perks,
      flags: Number(row.u_flags),
      ban: {
        active: row.u_ban_active,
        reason: row.u_ban_reason ?? null,
        expires: row.u_ban_expires === null ? null : date(row.u_ban_expires),
      },
      settings: parsed<CurrentUser['settings'] | null>(row.u_settings),
      createdAt: date(row.u_created_at),
    },
    parsed<HeldRank[]>(row.u_ranks),
  );
}

/**
 * The users with these ids, and the sessions with these ids (token hashes) with their users: each prepared once
 * (core/db/prepared.ts), since a session not in memory is read on a request's path and a reconnect storm reads
 * hundreds. Planning this statement costs more than running it for one id (on the embedded database about 2 ms a
 * read before, most of it planning). Built once per app from the permission port: its text is fixed from then on,
 * and its names end with a digest of it, so that two readers of one database (a test's second SessionService) never
 * share a name for different statements. The ids are one value, a JSON array.
 */
export class CurrentUserReader {
  readonly #users: PreparedQuery<{ ids: string }, Row>;
  readonly #sessions: PreparedQuery<{ ids: string }, Row & { s_id: string; s_expires_at: Date | string }>;

  constructor(heldRanks: HeldRanksSource) {
    const columns = currentUserColumns(heldRanks);
    const digest = hash('sha256', heldRanks.json, 'hex').slice(0, 8);
    this.#users = new PreparedQuery(`current_users_${digest}`, (param) =>
      writer
        .selectFrom('users as u')
        .select(columns)
        .where((eb) => eb('u.id', '=', eb.fn.any(textArrayFromJson(param('ids'))))),
    );
    this.#sessions = new PreparedQuery(`current_sessions_${digest}`, (param) =>
      writer
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id as s_id', 's.expires_at as s_expires_at'])
        .select(columns)
        .where((eb) => eb('s.id', '=', eb.fn.any(textArrayFromJson(param('ids'))))),
    );
  }

  /** The users with these ids that exist, by id. Outside any transaction (a prepared statement). */
  async users(orm: Orm, em: Em, ids: readonly string[]): Promise<Map<string, CurrentUser>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#users.run(orm, em, { ids: JSON.stringify(ids) });
    return new Map(rows.map((row) => [row.u_id, currentUserOfRow(row)]));
  }

  /** The sessions with these ids (token hashes) that exist, with their users, by id. Outside any transaction. */
  async sessions(
    orm: Orm,
    em: Em,
    ids: readonly string[],
  ): Promise<Map<string, { id: string; expiresAt: Date; user: CurrentUser }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#sessions.run(orm, em, { ids: JSON.stringify(ids) });
    return new Map(
      rows.map((row) => [row.s_id, { id: row.s_id, expiresAt: date(row.s_expires_at), user: currentUserOfRow(row) }]),
    );
  }
}
