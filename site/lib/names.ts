import type { UsersService } from '../../plugins/users/index.ts';
import { displayNameOf } from './avatar.ts';

/**
 * The display names of the people a page mentions (who gave a warning, changed a rank, listed an order ban), by
 * id; an id nobody answers to (a deleted user) stays as its id. Empty or repeated ids are skipped.
 */
export async function namesOf(
  users: UsersService,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  return new Map(
    await Promise.all(
      unique.map(
        async (id) => [id, await users.findPublic(id).then((user) => (user ? displayNameOf(user) : id))] as const,
      ),
    ),
  );
}
