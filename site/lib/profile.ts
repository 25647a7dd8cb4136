import { isId } from '../../core/shared/ids.ts';
import { hasAll } from '../../core/shared/permissions.ts';
import { outranks, type Ranked } from '../../core/shared/ranking.ts';

/**
 * Who sees what on a profile: everyone sees the public card, ranks and figures; the user themself and user
 * managers also see rank history and warnings (the same rule as the API's self-or-MANAGE_USERS reads).
 */
export function canSeePrivate(viewer: { id: string; permissions: number } | null, profileId: string): boolean {
  return viewer !== null && (viewer.id === profileId || hasAll(viewer.permissions, ['MANAGE_USERS']));
}

/** `/users/{id}` accepts a valid ID only; anything else is the 404 page. */
export function profileIdFrom(param: string | undefined): string | null {
  return param && isId(param) ? param : null;
}

/**
 * Whether the viewer may open someone's profile editor: the user themself, or a user manager who outranks them
 * (core/shared/ranking.ts), the rule every write from the editor is held to (manageableTarget, plugins/users/index.ts).
 * `ranks` are the ranks that exist; the profile names its own by id.
 */
export function canEdit(
  viewer: (Ranked & { id: string; permissions: number }) | null,
  profile: { id: string; ranks: readonly string[] },
  ranks: readonly { id: string; position: number }[],
): boolean {
  if (viewer === null) return false;
  if (viewer.id === profile.id) return true;
  return (
    hasAll(viewer.permissions, ['MANAGE_USERS']) &&
    outranks(viewer, { ranks: ranks.filter((rank) => profile.ranks.includes(rank.id)) })
  );
}
