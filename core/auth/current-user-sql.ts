import type { Em, Orm } from '../db/orm.ts';
import { PreparedStatement, runPrepared } from '../db/prepared.ts';
import type { CurrentUser } from './sessions.ts';

/**
 * A CurrentUser in plain SQL, for the paths that read many at once: a reconnect storm's identifies (thousands of
 * sessions in a few batches) and the gateway's refresh of every connected user. One statement per batch, the
 * ranks aggregated in it, instead of the ORM's three queries and the hydration of a session, a user and their
 * ranks as entities. `toCurrentUser` (sessions.ts) builds the same object from an entity; current-user-sql.test.ts
 * checks the two agree.
 */
export const CURRENT_USER_COLUMNS = `u.id as u_id, u.username as u_username, u.display_name as u_display_name,
  u.discriminator as u_discriminator, u.avatar as u_avatar, u.permissions as u_permissions, u.manual_perks as u_manual_perks,
  u.perks as u_granted_perks,
  u.flags as u_flags, u.ban_active as u_ban_active, u.ban_reason as u_ban_reason, u.ban_expires as u_ban_expires,
  u.settings as u_settings, u.created_at as u_created_at,
  coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'position', r.position, 'colour', r.colour,
      'canResign', r.can_resign, 'permissions', r.permissions, 'perks', r.perks) order by r.position desc)
    from user_ranks ur join ranks r on r.id = ur.rank_id where ur.user_id = u.id), '[]') as u_ranks`;

/** The ids as one parameter (a JSON array): hundreds of `?` cost more to parse and bind than the query itself. */
const ID_LIST = 'array(select jsonb_array_elements_text(?::jsonb))';

type Row = Record<string, unknown>;

interface RankRow {
  id: string;
  name: string;
  position: number;
  colour: string;
  canResign: boolean;
  permissions: number;
  perks: string[];
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));

/** The CurrentUser of a row selected with CURRENT_USER_COLUMNS: the same merge of permissions and perks as toCurrentUser. */
export function currentUserOfRow(row: Row): CurrentUser {
  const ranks = parsed<RankRow[]>(row.u_ranks);
  const perks = new Set<string>([...(row.u_manual_perks as string[]), ...(row.u_granted_perks as string[])]);
  let permissions = Number(row.u_permissions);
  for (const rank of ranks) {
    permissions |= rank.permissions;
    for (const perk of rank.perks) perks.add(perk);
  }
  return {
    id: row.u_id as string,
    username: row.u_username as string,
    displayName: (row.u_display_name as string | null) ?? null,
    discriminator: row.u_discriminator as string,
    avatar: (row.u_avatar as string | null) ?? null,
    permissions,
    perks: [...perks],
    flags: Number(row.u_flags),
    ranks: ranks.map(({ id, name, position, colour, canResign }) => ({ id, name, position, colour, canResign })),
    ban: row.u_ban_active
      ? {
          active: true,
          reason: (row.u_ban_reason as string | null) ?? null,
          expires: row.u_ban_expires === null ? null : date(row.u_ban_expires),
        }
      : null,
    settings: parsed<CurrentUser['settings'] | null>(row.u_settings) ?? {},
    createdAt: date(row.u_created_at),
  };
}

/**
 * The users with these ids, and the sessions with these ids (token hashes) with their users: prepared once
 * (core/db/prepared.ts), since a session not in memory is read on a request's path and a reconnect storm reads
 * hundreds. Planning this statement costs more than running it for one id (on the embedded database about 2 ms a
 * read before, most of it planning).
 */
const SELECT_USERS = new PreparedStatement(
  'current_users',
  `select ${CURRENT_USER_COLUMNS} from users u where u.id = any(${ID_LIST})`,
);
const SELECT_SESSIONS = new PreparedStatement(
  'current_sessions',
  `select s.id as s_id, s.expires_at as s_expires_at, ${CURRENT_USER_COLUMNS} from sessions s join users u on u.id = s.user_id where s.id = any(${ID_LIST})`,
);

/** The users with these ids that exist, by id. */
export async function selectCurrentUsers(orm: Orm, em: Em, ids: readonly string[]): Promise<Map<string, CurrentUser>> {
  if (ids.length === 0) return new Map();
  const rows = await runPrepared<Row>(orm, em, SELECT_USERS, [JSON.stringify(ids)]);
  return new Map(rows.map((row) => [row.u_id as string, currentUserOfRow(row)]));
}

/** The sessions with these ids (token hashes) that exist, with their users, by id. */
export async function selectSessions(
  orm: Orm,
  em: Em,
  ids: readonly string[],
): Promise<Map<string, { id: string; expiresAt: Date; user: CurrentUser }>> {
  if (ids.length === 0) return new Map();
  const rows = await runPrepared<Row>(orm, em, SELECT_SESSIONS, [JSON.stringify(ids)]);
  return new Map(
    rows.map((row) => [
      row.s_id as string,
      { id: row.s_id as string, expiresAt: date(row.s_expires_at), user: currentUserOfRow(row) },
    ]),
  );
}
