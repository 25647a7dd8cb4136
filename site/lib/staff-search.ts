import { AdminUsersBodySchema } from '../../plugins/users/schemas.ts';

type UserAdmin = App.Locals['services']['users']['admin'];

/**
 * The staff members a "find a staff member" form lists (Team Manager, a leave request for someone): the first ten
 * whose ID, username or display name matches. A search the user filter refuses (a NUL, say) matches nobody: the
 * page says so rather than failing.
 */
export async function findStaff(admin: UserAdmin, search: string) {
  const filter = AdminUsersBodySchema.shape.filter.safeParse({ search, staff: true, pageSize: 10 });
  return filter.success ? (await admin.search(filter.data)).users : [];
}
