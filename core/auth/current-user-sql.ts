import { hash } from 'node:crypto';
import type { Em, Orm } from '../db/orm.ts';
import { PreparedStatement, runPrepared } from '../db/prepared.ts';
import { toCurrentUser } from './current-user.ts';
import type { HeldRank, HeldRanksSource } from './held-ranks.ts';
import type { CurrentUser } from './sessions.ts';

/**
 * A CurrentUser in plain SQL, for the paths that read many at once: a reconnect storm's identifies (thousands of
 * sessions in a few batches), the gateway's refresh of every connected user, a session read on a request's path.
 * One statement per batch: the user's own columns and their ranks, aggregated in it by the expression the permission
 * port gives (core/auth/held-ranks.ts), instead of the ORM's queries and the hydration of entities.
 * `toCurrentUser` (current-user.ts) makes the one merge of permissions and perks; current-user-sql.int.test.ts checks
 * that a row and an entity with its ranks give the same user.
 */
function currentUserColumns(heldRanks: HeldRanksSource): string {
  return `u.id as u_id, u.username as u_username, u.display_name as u_display_name,
  u.discriminator as u_discriminator, u.avatar as u_avatar, u.permissions as u_permissions, u.manual_perks as u_manual_perks,
  u.perks as u_granted_perks,
  u.flags as u_flags, u.ban_active as u_ban_active, u.ban_reason as u_ban_reason, u.ban_expires as u_ban_expires,
  u.settings as u_settings, u.created_at as u_created_at, ${heldRanks.json} as u_ranks`;
}

/** The ids as one parameter (a JSON array): hundreds of `?` cost more to parse and bind than the query itself. */
const ID_LIST = 'array(select jsonb_array_elements_text(?::jsonb))';

type Row = Record<string, unknown>;

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));

/** The CurrentUser of a row selected with currentUserColumns. */
function currentUserOfRow(row: Row): CurrentUser {
  return toCurrentUser(
    {
      id: row.u_id as string,
      username: row.u_username as string,
      displayName: (row.u_display_name as string | null) ?? null,
      discriminator: row.u_discriminator as string,
      avatar: (row.u_avatar as string | null) ?? null,
      permissions: Number(row.u_permissions),
      manualPerks: row.u_manual_perks as string[],
      grantedPerks: row.u_granted_perks as string[],
      flags: Number(row.u_flags),
      ban: {
        active: row.u_ban_active as boolean,
        reason: (row.u_ban_reason as string | null) ?? null,
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
 * share a name for different statements.
 */
export class CurrentUserReader {
  readonly #users: PreparedStatement;
  readonly #sessions: PreparedStatement;

  constructor(heldRanks: HeldRanksSource) {
    const columns = currentUserColumns(heldRanks);
    const digest = hash('sha256', heldRanks.json, 'hex').slice(0, 8);
    this.#users = new PreparedStatement(
      `current_users_${digest}`,
      `select ${columns} from users u where u.id = any(${ID_LIST})`,
    );
    this.#sessions = new PreparedStatement(
      `current_sessions_${digest}`,
      `select s.id as s_id, s.expires_at as s_expires_at, ${columns} from sessions s join users u on u.id = s.user_id where s.id = any(${ID_LIST})`,
    );
  }

  /** The users with these ids that exist, by id. Outside any transaction (a prepared statement). */
  async users(orm: Orm, em: Em, ids: readonly string[]): Promise<Map<string, CurrentUser>> {
    if (ids.length === 0) return new Map();
    const rows = await runPrepared<Row>(orm, em, this.#users, [JSON.stringify(ids)]);
    return new Map(rows.map((row) => [row.u_id as string, currentUserOfRow(row)]));
  }

  /** The sessions with these ids (token hashes) that exist, with their users, by id. Outside any transaction. */
  async sessions(
    orm: Orm,
    em: Em,
    ids: readonly string[],
  ): Promise<Map<string, { id: string; expiresAt: Date; user: CurrentUser }>> {
    if (ids.length === 0) return new Map();
    const rows = await runPrepared<Row>(orm, em, this.#sessions, [JSON.stringify(ids)]);
    return new Map(
      rows.map((row) => [
        row.s_id as string,
        { id: row.s_id as string, expiresAt: date(row.s_expires_at), user: currentUserOfRow(row) },
      ]),
    );
  }
}
