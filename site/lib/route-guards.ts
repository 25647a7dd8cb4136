import type { AnyCatalogue } from '../../core/i18n/catalogue.ts';
import { type PageGuard, type PageUser, type PluginPages, signedIn } from '../../core/pages.ts';
import { meets } from '../../core/shared/permissions.ts';

export type { PageGuard, PageUser } from '../../core/pages.ts';

/**
 * The specification's route guards for pages: `auth` (requiresAuth) or a requirement (hasPermissions), a page about
 * a user for that user or a requirement, or a rule that depends on a row the path names (§6: a recruitment form's
 * manageableRanks), which the owning plugin's service answers as its API does. The server is the authority for
 * data; these guards decide which pages render, and let in exactly whom the page's API calls answer.
 *
 * Each plugin declares its pages' guards in its definition (`pages`, core/pages.ts); this file holds the site's own
 * pages' and the mechanism: the patterns first (first match), then the longest matching prefix.
 */

/** What the guards need from the server (Astro.locals): the plugins it runs, and their services for `reads`. */
export interface GuardLocals {
  plugins: readonly PluginWithPages[];
  services: Readonly<Record<string, unknown>>;
}

export interface PluginWithPages {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: any plugin's service
  pages?: PluginPages<any> | undefined;
  /** Its catalogue, which holds its sidebar entries' labels (`labelKey`). */
  i18n?: AnyCatalogue | undefined;
}

/** A guard and who declared it: a plugin's name (its service answers `reads`), or null for the site's own pages. */
export interface DeclaredGuard {
  // biome-ignore lint/suspicious/noExplicitAny: any plugin's service
  guard: PageGuard<any>;
  owner: string | null;
}

export interface GuardTable {
  prefixes: ReadonlyMap<string, DeclaredGuard>;
  paths: readonly (readonly [pattern: RegExp, declared: DeclaredGuard])[];
}

/** The staff area: what no plugin's prefix covers needs VIEW_STAFF_DASHBOARD (the 404 page then says there is none). */
export const STAFF_PREFIX = '/staff';

/** The site's own pages: the signed-in user's pages, the staff area and dashboard, online users, the audit log. */
const SITE_GUARDS: Readonly<Record<string, PageGuard>> = {
  '/users/@me': signedIn,
  [STAFF_PREFIX]: { requirement: { all: ['VIEW_STAFF_DASHBOARD'] } },
  '/staff/dashboard': { requirement: { all: ['VIEW_STAFF_DASHBOARD'] } },
  // The gateway sends onlineUsers to super admins only.
  '/staff/admin/online-users': { requirement: { all: ['SUPER_ADMIN'] } },
  // A super admin reads every entry, MANAGE_SETTINGS the settings ones (core/audit).
  '/staff/admin/site-management/audit-log': { requirement: { any: ['SUPER_ADMIN', 'MANAGE_SETTINGS'] } },
};

const tables = new WeakMap<readonly PluginWithPages[], GuardTable>();

/**
 * The site's guards and every plugin's, built once per plugin list. Refuses a prefix two declare, naming both: the
 * page would fall under whichever came last.
 */
export function guardTable(plugins: readonly PluginWithPages[]): GuardTable {
  const known = tables.get(plugins);
  if (known) return known;
  const prefixes = new Map<string, DeclaredGuard>();
  const paths: [RegExp, DeclaredGuard][] = [];
  const declare = (owner: string | null, guards: PluginPages['guards']) => {
    for (const [prefix, guard] of Object.entries(guards ?? {})) {
      const other = prefixes.get(prefix);
      if (other)
        throw new Error(
          `${ownerName(owner)} declares the page guard "${prefix}", which ${ownerName(other.owner)} declares`,
        );
      prefixes.set(prefix, { guard, owner });
    }
  };
  declare(null, SITE_GUARDS);
  for (const plugin of plugins) {
    declare(plugin.name, plugin.pages?.guards);
    for (const [pattern, guard] of plugin.pages?.paths ?? []) paths.push([pattern, { guard, owner: plugin.name }]);
  }
  const table = { prefixes, paths };
  tables.set(plugins, table);
  return table;
}

const ownerName = (owner: string | null) => (owner === null ? 'The site' : `Plugin "${owner}"`);

function matches(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The guard of a path: the prefix (or pattern) it matched, what it captured, and who declared it. */
export interface FoundGuard extends DeclaredGuard {
  matched: string | RegExp;
  params: string[];
}

export function findGuard(path: string, table: GuardTable): FoundGuard | null {
  for (const [pattern, declared] of table.paths) {
    const match = pattern.exec(path);
    if (match) return { ...declared, matched: pattern, params: match.slice(1) };
  }
  let best: string | null = null;
  for (const prefix of table.prefixes.keys()) {
    if (matches(path, prefix) && (best === null || prefix.length > best.length)) best = prefix;
  }
  return best === null ? null : { ...table.prefixes.get(best)!, matched: best, params: [] };
}

export function guardFor(path: string, plugins: readonly PluginWithPages[]): PageGuard<unknown> | null {
  return findGuard(path, guardTable(plugins))?.guard ?? null;
}

/** Where a page guard sends a signed-in user who may not see the page (the home page shows the toast). */
export const FORBIDDEN_LOCATION = '/?error=insufficient_permissions';

export type GuardOutcome =
  | { kind: 'pass' }
  | { kind: 'login'; location: string }
  | { kind: 'forbidden'; location: string };

/**
 * requiresAuth → /login?redirect={path}; hasPermissions failing → /?error=insufficient_permissions. Only a `reads`
 * guard waits for anything (a query through its plugin's service).
 */
export async function checkPage(
  path: string,
  search: string,
  user: PageUser | null,
  locals: GuardLocals,
): Promise<GuardOutcome> {
  const found = findGuard(path, guardTable(locals.plugins));
  if (!found) return { kind: 'pass' };
  if (!user) return { kind: 'login', location: `/login?redirect=${encodeURIComponent(path + search)}` };
  return (await passes(found, user, locals)) ? { kind: 'pass' } : { kind: 'forbidden', location: FORBIDDEN_LOCATION };
}

async function passes({ guard, owner, params }: FoundGuard, user: PageUser, locals: GuardLocals): Promise<boolean> {
  if ('requirement' in guard) return meets(user, guard.requirement);
  if ('selfOr' in guard) return params[0] === user.id || meets(user, guard.selfOr);
  if ('reads' in guard) return (await guard.reads(locals.services[owner ?? ''], user, params)) !== false;
  return true;
}

/**
 * A page file (site/pages/…) as a path its route answers: each dynamic segment as a snowflake, so the patterns that
 * capture an id take it (`staff/orders/[id].astro` → `/staff/orders/1100000000000000001`).
 */
export function pathOfPageFile(file: string): string {
  const path = file
    .replace(/\.(astro|ts)$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[[^\]]+\]/g, '1100000000000000001');
  return `/${path}`;
}

/**
 * The staff pages (files under site/pages/staff) that no guard covers but the bare staff prefix: each must declare
 * its own (in its plugin's `pages`, or the site's own above), so that a new page never falls under a broader one.
 * `npm test` runs it over the real files (route-guards.test.ts).
 */
export function staffPagesWithoutGuard(files: readonly string[], plugins: readonly PluginWithPages[]): string[] {
  const table = guardTable(plugins);
  return files.filter((file) => {
    const path = pathOfPageFile(file);
    if (!path.startsWith(`${STAFF_PREFIX}/`) && path !== STAFF_PREFIX) return false;
    const found = findGuard(path, table);
    return !found || found.matched === STAFF_PREFIX;
  });
}
