import { hasAll } from '../../core/shared/permissions.ts';
import { isId } from '../../core/shared/ids.ts';

/**
 * Who sees what on a profile: everyone sees the public card, ranks and figures; the user themself and user
 * managers also see rank history and warnings, and may edit (the same rule as the API's self-or-MANAGE_USERS).
 */
export function canSeePrivate(viewer: { id: string; permissions: number } | null, profileId: string): boolean {
  return viewer !== null && (viewer.id === profileId || hasAll(viewer.permissions, ['MANAGE_USERS']));
}

/** `/users/{id}` accepts a valid ID only; anything else is the 404 page. */
export function profileIdFrom(param: string | undefined): string | null {
  return param && isId(param) ? param : null;
}
