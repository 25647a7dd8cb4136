import { DEMO_ROLES, type DemoRole, type PageExample } from '../../core/pages.ts';
import type { AnyPlugin } from '../../core/plugin.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { plugins } from '../../plugins/index.ts';
import { DEMO_APPLICATIONS, DEMO_FORMS } from '../../plugins/recruitment/seed.ts';
import { DEMO_USERS } from '../../plugins/users/index.ts';

/**
 * Every page of the site by who may open it, and users for each role: the route matrix (route-matrix.spec.ts), the
 * every-page checks (pages.spec.ts) and the pictures (tests/visual/) walk these lists. A plugin's pages are its
 * definition's `pages.examples` (core/pages.ts); the site's own are below. A new page is declared once, where its
 * guard is, and no file here changes for it.
 */
export type Role = DemoRole;
export const ROLES: readonly Role[] = DEMO_ROLES;

export const CHARLIE_CHEF = DEMO_USERS.find((u) => u.role === 'Chef')!.id;
/** The demo recruitment forms and the pending applications to them (plugins/recruitment/seed.ts). */
export const CHEF_FORM = DEMO_FORMS.chef;
/** The Delivery Driver form, which the Chef rank reviews (its manageableRanks). */
export const DRIVER_FORM = DEMO_FORMS.driver;
/** Hungry Hank's pending application to the Chef form. */
export const HANK_APPLICATION = DEMO_APPLICATIONS.hank;
/** Brunch Bea's pending application to the Delivery Driver form. */
export const BEA_APPLICATION = DEMO_APPLICATIONS.bea;

/**
 * The site's own pages: those no plugin's guard covers but the site's (site/lib/route-guards.ts: the signed-in
 * user's own pages, the staff dashboard, online users, the audit log) and the public ones no feature owns.
 */
export const SITE_PAGES: readonly PageExample[] = [
  { path: '/', opens: 'anonymous' },
  { path: '/invite', opens: 'anonymous' },
  { path: '/privacy', opens: 'anonymous' },
  // A signed-in visitor is sent home (expected below).
  { path: '/login', opens: 'anonymous' },
  { path: '/disable-your-adblocker', opens: 'anonymous' },
  { path: '/users/@me', opens: 'customer' },
  { path: '/users/@me/manage', opens: 'customer' },
  { path: '/users/@me/notifications', opens: 'customer' },
  { path: '/staff/dashboard', opens: 'chef' },
  { path: '/staff/admin/online-users', opens: 'superAdmin' },
  { path: '/staff/admin/site-management/audit-log', opens: 'superAdmin' },
];

/** The site's page files no example opens (as a plugin's `pages.withoutExample`), each with why. */
export const SITE_WITHOUT_EXAMPLE: Readonly<Record<string, string>> = {
  '/banned': 'the page a banned user meets on every path: pages.spec.ts opens it as Blake Banned',
  '/login/callback': 'where Discord sends the browser back with a code to exchange: pages.spec.ts opens it',
  '/offline': "the service worker's offline page: pages.spec.ts opens it, site-polish.spec.ts checks the worker",
};

/** One declarer's pages: the site's, or a plugin's (its definition's `pages.examples` and `pages.withoutExample`). */
export interface DeclaredPages {
  owner: string;
  examples: readonly PageExample[];
  withoutExample: Readonly<Record<string, string>>;
}

/** The site's pages, then each plugin's in the list's order. */
export function declaredPages(list: readonly AnyPlugin[]): DeclaredPages[] {
  return [
    { owner: 'the site', examples: SITE_PAGES, withoutExample: SITE_WITHOUT_EXAMPLE },
    ...list.map((plugin) => ({
      owner: `plugin "${plugin.name}"`,
      examples: plugin.pages?.examples ?? [],
      withoutExample: plugin.pages?.withoutExample ?? {},
    })),
  ];
}

/** The pages of the site the server runs: its own and those of every plugin in plugins/index.ts. */
export const DECLARED_PAGES = declaredPages(plugins);

const OPENS = new Map<string, Role>(DECLARED_PAGES.flatMap(({ examples }) => examples.map((e) => [e.path, e.opens])));

export const ALL_PAGES: readonly string[] = DECLARED_PAGES.flatMap(({ examples }) => examples.map((e) => e.path));
export const PUBLIC: readonly string[] = ALL_PAGES.filter((path) => OPENS.get(path) === 'anonymous');

export type Outcome = 'ok' | 'login' | 'forbidden' | 'home';

/** The least privileged role that may open the page: the one pages.spec.ts and the pictures view it as. */
export function viewerRoleOf(path: string): Role {
  const role = OPENS.get(path);
  if (!role) throw new Error(`No page example opens ${path}`);
  return role;
}

/** A role at or above the page's gets it; one below is sent to sign in (signed out) or refused (signed in). */
export function expected(role: Role, path: string): Outcome {
  // Someone already signed in has nothing to do on the login page.
  if (path === '/login' && role !== 'anonymous') return 'home';
  if (ROLES.indexOf(role) >= ROLES.indexOf(viewerRoleOf(path))) return 'ok';
  return role === 'anonymous' ? 'login' : 'forbidden';
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
