import type { Grants, Requirement } from './shared/permissions.ts';

/**
 * What a plugin contributes to the site's pages, through its definition's `pages` (core/plugin.ts): who may open
 * them (the specification's route guards) and the staff sidebar's entries that lead to them. The site applies them
 * (site/lib/route-guards.ts, site/lib/staff-sidebar.ts) with its own pages' beside them, so that the site's code
 * names no feature. Types and two-line helpers only: nothing here runs a query.
 */

/** The signed-in user a guard checks: permissions, perks and ranks (a rank may open a recruitment form). */
export type PageUser = Grants & { id: string; ranks: readonly { id: string }[] };

/**
 * Asks the plugin's own service about the row a path names (a form, an application), as its API call would answer:
 * true: pass; false: refused; null: no such row, so the page renders its 404 as the API answers 404. `params`: the
 * parts of the path its pattern captured.
 */
export type ResourceCheck<Service> = (
  service: Service,
  user: PageUser,
  params: readonly string[],
) => Promise<boolean | null>;

/**
 * What a page needs: `auth` (requiresAuth), a requirement (hasPermissions), `selfOr` (the user whom the pattern's
 * first capture names, or the requirement), or `reads` (the service decides, for rules that depend on a row).
 */
export type PageGuard<Service = unknown> =
  | { auth: true }
  | { requirement: Requirement }
  | { selfOr: Requirement }
  | { reads: ResourceCheck<Service> };

export const signedIn = { auth: true } as const;
export const needs = (requirement: Requirement): { requirement: Requirement } => ({ requirement });
export const selfOr = (requirement: Requirement): { selfOr: Requirement } => ({ selfOr: requirement });

export interface PluginPages<Service = unknown> {
  /**
   * Guards by path prefix: `/staff/orders` covers `/staff/orders` and what is below it; a prefix ending in `/` only
   * what is below it. The longest matching prefix, the site's own and every plugin's, wins; a prefix two declare is
   * refused.
   */
  guards?: Readonly<Record<string, PageGuard<Service>>>;
  /** Guards by pattern, for pages about one row; checked before the prefixes, the first match wins. */
  paths?: readonly (readonly [pattern: RegExp, guard: PageGuard<Service>])[];
}
