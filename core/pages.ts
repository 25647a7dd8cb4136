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

/** The staff sidebar's groups, as the specification lists them: the untitled top, Management, Site Management, Extras. */
export type SidebarSection = 'top' | 'management' | 'site' | 'extras';

/**
 * The sidebar's icons, named by their picture (Lucide's names, but `gear`). The site draws each
 * (site/components/staff/SidebarIcon.astro, which must know every one).
 */
export type SidebarIcon =
  | 'layout-dashboard'
  | 'chef-hat'
  | 'search'
  | 'trophy'
  | 'chart-column'
  | 'calendar-clock'
  | 'flag'
  | 'user-plus'
  | 'scale'
  | 'users-round'
  | 'user-cog'
  | 'medal'
  | 'shield'
  | 'gear'
  | 'megaphone'
  | 'scroll-text'
  | 'log-out'
  | 'tree-palm'
  | 'message-square-text';

/** One entry of the staff sidebar, shown to whom `needs` lets in. */
export interface SidebarEntry<Service = unknown> {
  section: SidebarSection;
  /** Its place in the section, across every plugin's entries (lower first): the specification's order. */
  order: number;
  /** Its English label, the specification's words (the sidebar's order, clashes and tests go by it). */
  label: string;
  /**
   * Its label's key in its plugin's own catalogue (`definePlugin({ i18n })`, `en` holding `label`): the sidebar shows
   * that text in the page's language. Every plugin entry has one (site/lib/staff-sidebar.test.ts).
   */
  labelKey?: string;
  href: string;
  icon: SidebarIcon;
  needs: Requirement;
  /** Under a heading (Management Statistics, Super Admin): entries naming the same heading share it, at the first's place. */
  menu?: { label: string; icon: SidebarIcon; labelKey?: string };
  /**
   * For a viewer whom `needs` refuses, the links the entry becomes instead, under a heading of its label and icon
   * (none: nothing); in the Management section, they show the section too. Recruitment's: the forms a rank of the
   * viewer's lets them review (§6).
   */
  otherwise?: (service: Service, user: PageUser) => Promise<readonly { label: string; href: string }[]>;
}

/**
 * The demo roles, least first, as the route matrix and the every-page checks sign in (tests/e2e/pages.ts):
 * - `anonymous`: signed out;
 * - `customer`: signed in, with no rank and no permission;
 * - `chef`: the demo data's Chef rank (the kitchen's permissions, and the review of the forms that rank reviews);
 * - `superAdmin`: SUPER_ADMIN, which every guard lets through (perks' too).
 * Each role may open what the ones before it may, so one role per page says who may: those at or above it.
 */
export const DEMO_ROLES = ['anonymous', 'customer', 'chef', 'superAdmin'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

/**
 * One page as the demo data lets someone open it: a concrete path (the seed's ids, not a pattern) and the least of
 * the demo roles that may. A role at or above `opens` gets the page; one below is sent to /login (signed out) or
 * refused (signed in).
 */
export interface PageExample {
  path: string;
  opens: DemoRole;
}

export interface PluginPages<Service = unknown> {
  /**
   * Guards by path prefix: `/staff/kitchen` covers `/staff/kitchen` and what is below it; a prefix ending in `/` only
   * what is below it. The longest matching prefix, the site's own and every plugin's, wins; a prefix two declare is
   * refused.
   */
  guards?: Readonly<Record<string, PageGuard<Service>>>;
  /** Guards by pattern, for pages about one row; checked before the prefixes, the first match wins. */
  paths?: readonly (readonly [pattern: RegExp, guard: PageGuard<Service>])[];
  sidebar?: readonly SidebarEntry<Service>[];
  /**
   * Its pages as the demo data opens them: the route matrix, the every-page checks and the pictures walk them
   * (tests/e2e/pages.ts). Each of its page files needs one, or a line in `withoutExample`
   * (tests/process/page-examples.test.ts).
   */
  examples?: readonly PageExample[];
  /**
   * Its page files no example opens, by route as the file names it (`/things/[id]`), each with why (no fixed id in
   * the demo data, a page only its author sees) and what checks it instead.
   */
  withoutExample?: Readonly<Record<string, string>>;
}
