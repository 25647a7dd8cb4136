import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Em } from '../db/orm.ts';
import type { UserSummary } from '../shared/user-summary.ts';
import type { UserSchema } from './entities.ts';

/** Who someone is, as lists show them: the `users` row's name and avatar (core/shared/user-summary.ts). */
export type UserSummaryRow = UserSummary;

/** Someone who never signed in here (a Discord customer, a deleted account): the id is all that is known. */
export function unknownUser(id: string): UserSummaryRow {
  return { id, username: 'Unknown user', displayName: null, avatar: null };
}

/**
 * The summaries of `ids` (nulls and repeats allowed), read in one query inside the caller's unit of work; each id
 * without a `users` row is an Unknown user.
 */
export async function userSummariesIn(em: Em, ids: readonly (string | null)[]): Promise<Map<string, UserSummaryRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const found = new Map<string, UserSummaryRow>();
  if (wanted.length === 0) return found;
  const rows = await em
    .getKysely<InferKyselyDB<typeof UserSchema>>()
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'avatar'])
    .where('id', 'in', wanted)
    .execute();
  for (const row of rows)
    found.set(row.id, { id: row.id, username: row.username, displayName: row.display_name, avatar: row.avatar });
  for (const id of wanted) if (!found.has(id)) found.set(id, unknownUser(id));
  return found;
}
