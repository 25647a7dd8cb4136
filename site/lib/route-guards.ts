import { meets, type Grants, type Requirement } from '../../core/shared/permissions.ts';
import { OBJECTIVE_ADMIN } from '../../plugins/objectives/schemas.ts';
import { REPORT_MANAGER } from '../../plugins/reports/schemas.ts';

/**
 * What each page needs, as the specification's route guards say: `auth` (requiresAuth) or a requirement
 * (hasPermissions). The longest matching prefix wins. The server is the authority for data; these guards decide
 * which pages render.
 */
export type PageGuard = { auth: true } | { requirement: Requirement } | { selfOr: Requirement };

const auth: PageGuard = { auth: true };
const needs = (requirement: Requirement): PageGuard => ({ requirement });

export const PAGE_GUARDS: [prefix: string, guard: PageGuard][] = [
  ['/users/@me', auth],
  ['/appeal', auth],
  ['/recruitment/', auth],
  ['/feedback/report-order', needs({ perks: ['FEEDBACK_BETA'] })],
  ['/staff', needs({ all: ['VIEW_STAFF_DASHBOARD'] })],
  ['/staff/achievements', needs({ all: ['VIEW_OWN_ACHIEVEMENTS'] })],
  ['/staff/achievements/create', needs(OBJECTIVE_ADMIN)],
  ['/staff/delivery-messages', needs({ all: ['MANAGE_ORDERS'], perks: ['DELIVERY_MESSAGE_BETA'] })],
  ['/staff/food-lookup', needs({ all: ['VIEW_FOOD_LOOKUP'] })],
  ['/staff/orders', needs({ all: ['MANAGE_ORDERS'] })],
  ['/staff/take-a-break', needs({ all: ['SUBMIT_ON_LEAVE_REQUEST'] })],
  ['/staff/admin/appeals', needs({ all: ['MANAGE_APPEALS'] })],
  ['/staff/admin/management-statistics', needs({ all: ['VIEW_MANAGEMENT_STATISTICS'] })],
  ['/staff/admin/management-statistics/management', needs({ all: ['MANAGE_MANAGEMENT_STATISTICS'] })],
  ['/staff/admin/on-leave-requests', needs({ all: ['MANAGE_ON_LEAVE_REQUESTS'] })],
  ['/staff/admin/online-users', needs({ all: ['SUPER_ADMIN'] })],
  ['/staff/admin/order-management', needs({ all: ['SUPER_ADMIN'] })],
  ['/staff/admin/order-history', needs({ all: ['SUPER_ADMIN'] })],
  ['/staff/admin/rank-manager', needs({ all: ['MANAGE_RANKS'] })],
  ['/staff/admin/recruitment', needs({ any: ['VIEW_RECRUITMENT_RESPONSE', 'RECRUITMENT_MANAGER'] })],
  ['/staff/admin/recruitment/create', needs({ all: ['RECRUITMENT_MANAGER'] })],
  ['/staff/admin/report-manager', needs(REPORT_MANAGER)],
  ['/staff/admin/settings', needs({ all: ['MANAGE_SETTINGS'] })],
  // The page does what POST /api/client/settings/currentAnnouncement allows; the sidebar entry keeps the specification's MANAGE_ANNOUNCEMENT.
  ['/staff/admin/site-management/announcement', needs({ any: ['MANAGE_SETTINGS', 'MANAGE_ANNOUNCEMENT'] })],
  ['/staff/admin/site-management/audit-log', needs({ any: ['SUPER_ADMIN', 'MANAGE_SETTINGS'] })],
  ['/staff/admin/teams', needs({ all: ['MANAGE_TEAMS'] })],
  ['/staff/admin/users', needs({ all: ['MANAGE_USERS'] })],
];

/**
 * Pages whose guard depends on the path's user id: `/users/{id}/manage` is for that user themself (or `@me`) or a
 * user manager. Checked before the prefix table.
 */
const USER_PAGE = /^\/users\/([^/]+)\/manage\/?$/;

function matches(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function guardFor(path: string): PageGuard | null {
  let best: [string, PageGuard] | null = null;
  for (const entry of PAGE_GUARDS) {
    if (matches(path, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? null;
}

/** Where a page guard sends a signed-in user who may not see the page (the home page shows the toast). */
export const FORBIDDEN_LOCATION = '/?error=insufficient_permissions';

export type GuardOutcome = { kind: 'pass' } | { kind: 'login'; location: string } | { kind: 'forbidden'; location: string };

/** requiresAuth → /login?redirect={path}; hasPermissions failing → /?error=insufficient_permissions. */
export function checkPage(path: string, search: string, user: (Grants & { id: string }) | null): GuardOutcome {
  const pathUser = USER_PAGE.exec(path)?.[1];
  const guard: PageGuard | null = pathUser && pathUser !== '@me' ? { selfOr: { all: ['MANAGE_USERS'] } } : guardFor(path);
  if (!guard) return { kind: 'pass' };
  if (!user) return { kind: 'login', location: `/login?redirect=${encodeURIComponent(path + search)}` };
  const forbidden: GuardOutcome = { kind: 'forbidden', location: FORBIDDEN_LOCATION };
  if ('requirement' in guard && !meets(user, guard.requirement)) return forbidden;
  if ('selfOr' in guard && pathUser !== user.id && !meets(user, guard.selfOr)) return forbidden;
  return { kind: 'pass' };
}
