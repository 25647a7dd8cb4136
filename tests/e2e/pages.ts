import type { Permission } from '../../core/shared/permissions.ts';

/**
 * Every page of the site by who may open it, and users for each role: the route matrix (route-matrix.spec.ts), the
 * every-page checks (pages.spec.ts) and the pictures (tests/visual/) walk these lists, so a new page is added here
 * once.
 */
export type Role = 'anonymous' | 'customer' | 'chef' | 'superAdmin';
export const ROLES: readonly Role[] = ['anonymous', 'customer', 'chef', 'superAdmin'];

export const CHARLIE_CHEF = '1100000000000000002';
export const PUBLIC = [
  '/',
  '/team',
  '/leaderboard',
  '/invite',
  '/privacy',
  '/login',
  '/hourly',
  '/disable-your-adblocker',
  `/users/${CHARLIE_CHEF}`,
  '/recruitment',
  '/subscribe',
  '/store',
];
/** The demo Chef recruitment form (plugins/recruitment/seed.ts). */
export const CHEF_FORM = '1100000000000000501';
export const SIGNED_IN = [
  '/users/@me',
  '/users/@me/manage',
  '/users/@me/notifications',
  '/appeal',
  '/appeal/create',
  `/recruitment/${CHEF_FORM}`,
  '/recruitment/applications',
];
/** Hungry Hank's pending application to it. */
export const HANK_APPLICATION = '1100000000000000511';
/** The demo Delivery Driver form, which the Chef rank reviews (its manageableRanks), and Brunch Bea's pending application to it. */
export const DRIVER_FORM = '1100000000000000502';
export const BEA_APPLICATION = '1100000000000000514';
/**
 * §6: a rank in a form's manageableRanks may view that form's applications. The matrix's chef reviews the Delivery
 * Driver form by the Chef rank, so these pages are theirs too; the Chef form's stay refused.
 */
export const REVIEWED_BY_RANK = [
  '/staff/admin/recruitment',
  '/staff/admin/recruitment/applications',
  `/staff/admin/recruitment/${DRIVER_FORM}`,
  `/staff/admin/recruitment/${DRIVER_FORM}/applications`,
  `/staff/admin/recruitment/${DRIVER_FORM}/applications/${BEA_APPLICATION}`,
];
/** The seeded decided appeal (plugins/appeals/seed.ts): its Appeal Manager page. */
export const SEEDED_APPEAL = '1100000000000000102';
/** Pages behind the perk FEEDBACK_BETA alone (the matrix's customer and chef lack it; SUPER_ADMIN passes). */
export const FEEDBACK = ['/feedback/report-order'];
/** An open seeded order report (plugins/reports/seed.ts). */
export const SEEDED_REPORT = '1100000000000000601';
/** A seeded premade message by Dana Driver (plugins/delivery-messages/seed.ts): the matrix's chef may use it, not edit it. */
export const SEEDED_MESSAGE = 'hot-and-fresh';
// The premade message pages need MANAGE_ORDERS or the perk DELIVERY_MESSAGE_BETA: the Chef rank passes by MANAGE_ORDERS.
export const KITCHEN = [
  '/staff/dashboard',
  '/staff/orders',
  '/staff/food-lookup',
  '/staff/take-a-break',
  '/staff/achievements',
  '/staff/delivery-messages',
  '/staff/delivery-messages/create',
  '/staff/delivery-messages/edit',
  `/staff/delivery-messages/${SEEDED_MESSAGE}`,
];
export const ADMIN = [
  '/staff/admin/users',
  '/staff/admin/rank-manager',
  '/staff/admin/rank-manager/create',
  '/staff/admin/order-management',
  '/staff/admin/online-users',
  `/staff/admin/order-history/${CHARLIE_CHEF}`,
  '/staff/admin/site-management/audit-log',
  '/staff/admin/settings',
  '/staff/admin/site-management/announcement',
  `/staff/admin/users/${CHARLIE_CHEF}/ban`,
  `/staff/admin/users/${CHARLIE_CHEF}/remove-staff`,
  `/users/${CHARLIE_CHEF}/manage`,
  '/staff/admin/appeals',
  `/staff/admin/appeals/${SEEDED_APPEAL}`,
  '/staff/admin/on-leave-requests',
  '/staff/admin/on-leave-requests/create',
  '/staff/admin/recruitment/create',
  `/staff/admin/recruitment/${CHEF_FORM}`,
  `/staff/admin/recruitment/${CHEF_FORM}/applications`,
  `/staff/admin/recruitment/${CHEF_FORM}/applications/${HANK_APPLICATION}`,
  '/staff/admin/teams',
  '/staff/admin/teams/create',
  '/staff/admin/report-manager/orders',
  `/staff/admin/report-manager/orders/${SEEDED_REPORT}`,
  // Editing someone else's premade message: its author or a user manager (the matrix's chef is neither).
  `/staff/delivery-messages/${SEEDED_MESSAGE}/edit`,
  '/staff/admin/management-statistics',
  '/staff/admin/management-statistics/management',
  '/staff/achievements/create',
];
export const ALL_PAGES = [...PUBLIC, ...SIGNED_IN, ...FEEDBACK, ...KITCHEN, ...REVIEWED_BY_RANK, ...ADMIN];

export type Outcome = 'ok' | 'login' | 'forbidden' | 'home';

export function expected(role: Role, path: string): Outcome {
  // Someone already signed in has nothing to do on the login page.
  if (path === '/login' && role !== 'anonymous') return 'home';
  if (PUBLIC.includes(path)) return 'ok';
  if (role === 'anonymous') return 'login';
  if (SIGNED_IN.includes(path)) return 'ok';
  if (role === 'customer') return 'forbidden';
  if (KITCHEN.includes(path) || REVIEWED_BY_RANK.includes(path)) return 'ok';
  return role === 'superAdmin' ? 'ok' : 'forbidden';
}

/**
 * Users made with exactly a role's rights (no history), for the route matrix, which checks the guards by the rights
 * alone.
 */
export const USERS: Record<
  Exclude<Role, 'anonymous'>,
  { username: string; rank?: string; permissions?: Permission[] }
> = {
  customer: { username: 'matrix_customer' },
  chef: { username: 'matrix_chef', rank: 'Chef' },
  superAdmin: { username: 'matrix_owner', permissions: ['SUPER_ADMIN'] },
};

/**
 * The demo user (plugins/users/seed.ts) who views a role's pages in pages.spec.ts and the pictures: each has a history
 * in the demo data (orders, appeals, applications, notifications, a profile), so the pages are checked full, not
 * empty.
 */
export const VIEWERS: Record<Exclude<Role, 'anonymous'>, string> = {
  customer: '1100000000000000001', // Casey Customer
  chef: CHARLIE_CHEF, // Charlie Chef: the Chef rank, which reviews the Delivery Driver form
  superAdmin: '1100000000000000005', // Sam Owner
};

/** The least privileged role that may open the page: the one pages.spec.ts and the pictures view it as. */
export function viewerRoleOf(path: string): Role {
  const role = ROLES.find((r) => expected(r, path) === 'ok');
  if (!role) throw new Error(`No role may open ${path}`);
  return role;
}
