import { type Grants, meets, type Requirement } from '../../core/shared/permissions.ts';
import { OBJECTIVE_ADMIN } from '../../plugins/objectives/schemas.ts';
import type { RecruitmentAccess } from '../../plugins/recruitment/access.ts';
import { REPORT_MANAGER } from '../../plugins/reports/schemas.ts';

/**
 * What each page needs, as the specification's route guards say: `auth` (requiresAuth) or a requirement
 * (hasPermissions). The longest matching prefix wins. The server is the authority for data; these guards decide
 * which pages render, and let in exactly whom the page's API calls answer.
 *
 * Where the rule depends on a row the path names (§6: a recruitment form's manageableRanks), the guard `reads` it:
 * it asks the feature's service, which answers as its API does (true: pass, false: refused, null: no such row, so
 * the page renders its 404 as the API answers 404).
 */
export type PageGuard =
  | { auth: true }
  | { requirement: Requirement }
  | { selfOr: Requirement }
  | { reads: ResourceCheck };

/** The signed-in user a guard checks: permissions, perks and ranks (a rank may open a recruitment form). */
export type PageUser = Grants & { id: string; ranks: readonly { id: string }[] };

/** What a `reads` guard may ask (Astro.locals.services has it). */
export interface GuardServices {
  recruitment: {
    access: Pick<
      RecruitmentAccess,
      'mayEnter' | 'reviewsAny' | 'mayOpenForm' | 'mayReviewForm' | 'mayReviewApplication'
    >;
  };
}

/** `params`: the path's parts its pattern captured (a form id, an application id). */
export type ResourceCheck = (
  services: GuardServices,
  user: PageUser,
  params: readonly string[],
) => Promise<boolean | null>;

const auth: PageGuard = { auth: true };
const needs = (requirement: Requirement): PageGuard => ({ requirement });
const reads = (check: ResourceCheck): PageGuard => ({ reads: check });

/** The recruitment screens: RECRUITMENT_MANAGER, VIEW_RECRUITMENT_RESPONSE, or a rank some form names (§6). */
const recruitment = reads((services, user) => services.recruitment.access.mayEnter(user));

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
  ['/staff/admin/recruitment', recruitment],
  ['/staff/admin/recruitment/applications', reads((services, user) => services.recruitment.access.reviewsAny(user))],
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

/**
 * Pages about one row, checked before the prefix table (the first match wins): each asks what its API call answers.
 * Ids are snowflakes (digits), so `/staff/admin/recruitment/create` and `/applications` are not taken for one.
 */
export const PATH_GUARDS: [pattern: RegExp, guard: PageGuard][] = [
  // A form's applications and one application (GET .../forms/{id}/applications, GET .../applications/{id}).
  [
    /^\/staff\/admin\/recruitment\/(\d+)\/applications\/?$/,
    reads((services, user, [formId]) => services.recruitment.access.mayReviewForm(user, formId!)),
  ],
  [
    /^\/staff\/admin\/recruitment\/(\d+)\/applications\/(\d+)\/?$/,
    reads((services, user, [, applicationId]) =>
      services.recruitment.access.mayReviewApplication(user, applicationId!),
    ),
  ],
  // The form: the builder for RECRUITMENT_MANAGER, read-only for its reviewers.
  [
    /^\/staff\/admin\/recruitment\/(\d+)\/?$/,
    reads((services, user, [formId]) => services.recruitment.access.mayOpenForm(user, formId!)),
  ],
];

function matches(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function guardFor(path: string): PageGuard | null {
  return guardWithParams(path)?.guard ?? null;
}

function guardWithParams(path: string): { guard: PageGuard; params: string[] } | null {
  for (const [pattern, guard] of PATH_GUARDS) {
    const match = pattern.exec(path);
    if (match) return { guard, params: match.slice(1) };
  }
  let best: [string, PageGuard] | null = null;
  for (const entry of PAGE_GUARDS) {
    if (matches(path, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best ? { guard: best[1], params: [] } : null;
}

/** Where a page guard sends a signed-in user who may not see the page (the home page shows the toast). */
export const FORBIDDEN_LOCATION = '/?error=insufficient_permissions';

export type GuardOutcome =
  | { kind: 'pass' }
  | { kind: 'login'; location: string }
  | { kind: 'forbidden'; location: string };

/**
 * requiresAuth → /login?redirect={path}; hasPermissions failing → /?error=insufficient_permissions. Only a `reads`
 * guard waits for anything (a query through `services`).
 */
export async function checkPage(
  path: string,
  search: string,
  user: PageUser | null,
  services: GuardServices,
): Promise<GuardOutcome> {
  const pathUser = USER_PAGE.exec(path)?.[1];
  const found =
    pathUser && pathUser !== '@me'
      ? { guard: { selfOr: { all: ['MANAGE_USERS'] } } as PageGuard, params: [] }
      : guardWithParams(path);
  if (!found) return { kind: 'pass' };
  const { guard, params } = found;
  if (!user) return { kind: 'login', location: `/login?redirect=${encodeURIComponent(path + search)}` };
  const forbidden: GuardOutcome = { kind: 'forbidden', location: FORBIDDEN_LOCATION };
  if ('requirement' in guard && !meets(user, guard.requirement)) return forbidden;
  if ('selfOr' in guard && pathUser !== user.id && !meets(user, guard.selfOr)) return forbidden;
  if ('reads' in guard && (await guard.reads(services, user, params)) === false) return forbidden;
  return { kind: 'pass' };
}
