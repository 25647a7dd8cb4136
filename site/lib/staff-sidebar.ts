import {
  type Grants,
  hasAny,
  isSuperAdmin,
  meets,
  type Permission,
  type Requirement,
} from '../../core/shared/permissions.ts';
import { REPORT_MANAGER } from '../../plugins/reports/schemas.ts';

/**
 * The staff sidebar exactly as the specification lists it (section 2, 'Staff sidebar'): each entry shows only with
 * its permission or perk. Pure: the layout renders what `sidebarFor` returns, tests assert it per role.
 *
 * Where it says "perk X and permission Y", both are needed to see the entry (`Requirement.both`). For the Report
 * Manager that is also its page's and its API's rule (REPORT_MANAGER); the Premade Message Directory's page and API
 * let either through (docs/delivery-messages.md).
 */
export type SidebarIcon =
  | 'dashboard'
  | 'orders'
  | 'food-lookup'
  | 'achievements'
  | 'statistics'
  | 'on-leave'
  | 'reports'
  | 'recruitment'
  | 'appeals'
  | 'teams'
  | 'users'
  | 'ranks'
  | 'super-admin'
  | 'settings'
  | 'announce'
  | 'audit'
  | 'resign'
  | 'vacation'
  | 'messages';

export interface SidebarLink {
  kind: 'link';
  label: string;
  href: string;
  icon: SidebarIcon;
}
/** A heading with sub-links (Management Statistics, Report Manager, Super Admin). */
export interface SidebarMenu {
  kind: 'menu';
  label: string;
  icon: SidebarIcon;
  links: SidebarLink[];
}
/** Resign opens a dialog; disabled (with the specification's tooltip) when the highest rank may not resign. */
export interface SidebarResign {
  kind: 'resign';
  label: 'Resign';
  icon: 'resign';
  disabled: boolean;
}
export type SidebarItem = SidebarLink | SidebarMenu | SidebarResign;

export interface SidebarGroup {
  /** null: the ungrouped top entries. */
  label: string | null;
  items: SidebarItem[];
}

export const RESIGN_REFUSAL =
  'Rank is not allowed to resign via website, please contact the appropriate administrator.';

/** Any one of these shows the Management group. */
export const MANAGEMENT_GROUP_PERMISSIONS: readonly Permission[] = [
  'MANAGE_ON_LEAVE_REQUESTS',
  'VIEW_RECRUITMENT_RESPONSE',
  'RECRUITMENT_MANAGER',
  'MANAGE_APPEALS',
  'MANAGE_USERS',
  'MANAGE_RANKS',
];

interface Entry extends SidebarLink {
  needs: Requirement;
}

const link = (label: string, href: string, icon: SidebarIcon, needs: Requirement): Entry => ({
  kind: 'link',
  label,
  href,
  icon,
  needs,
});

function visible(grants: Grants, entries: Entry[]): SidebarLink[] {
  return entries
    .filter((entry) => meets(grants, entry.needs))
    .map(({ kind, label, href, icon }) => ({ kind, label, href, icon }));
}

/** A menu of the entries the viewer may open, or nothing when there is none. */
function menu(grants: Grants, label: string, icon: SidebarIcon, entries: Entry[]): SidebarMenu[] {
  const links = visible(grants, entries);
  return links.length ? [{ kind: 'menu', label, icon, links }] : [];
}

export interface SidebarViewer extends Grants {
  /** Whether the user's highest rank allows resigning through the website. */
  canResign: boolean;
  /**
   * The recruitment forms the user reviews only because a rank they hold is in the form's manageableRanks (§6),
   * from the recruitment service (`access.formsReviewedByRank`); empty for whom a permission opens every form.
   */
  reviewForms?: readonly { id: string; title: string }[];
}

/**
 * Recruitment: one entry for whom a permission opens every form; for a reviewer by rank alone, a heading with the
 * forms they may review, each leading to its applications (the pages they may open: site/lib/route-guards.ts).
 */
function recruitmentItems(viewer: SidebarViewer): SidebarItem[] {
  const entry = visible(viewer, [
    link('Recruitment', '/staff/admin/recruitment', 'recruitment', {
      any: ['VIEW_RECRUITMENT_RESPONSE', 'RECRUITMENT_MANAGER'],
    }),
  ]);
  if (entry.length) return entry;
  const links: SidebarLink[] = (viewer.reviewForms ?? []).map((form) => ({
    kind: 'link',
    label: form.title,
    href: `/staff/admin/recruitment/${form.id}/applications`,
    icon: 'recruitment',
  }));
  return links.length ? [{ kind: 'menu', label: 'Recruitment', icon: 'recruitment', links }] : [];
}

export function sidebarFor(viewer: SidebarViewer): SidebarGroup[] {
  const groups: SidebarGroup[] = [];
  const top = visible(viewer, [
    link('Dashboard', '/staff/dashboard', 'dashboard', { all: ['VIEW_STAFF_DASHBOARD'] }),
    link('Order Manager', '/staff/orders', 'orders', { all: ['MANAGE_ORDERS'] }),
    link('Food Lookup', '/staff/food-lookup', 'food-lookup', { all: ['VIEW_FOOD_LOOKUP'] }),
    link('My Achievements', '/staff/achievements', 'achievements', { all: ['VIEW_OWN_ACHIEVEMENTS'] }),
  ]);
  if (top.length) groups.push({ label: null, items: top });

  // The specification's six permissions, or a form that names one of the user's ranks (§6 makes that rank the form's
  // VIEW_RECRUITMENT_RESPONSE).
  if (
    isSuperAdmin(viewer.permissions) ||
    hasAny(viewer.permissions, MANAGEMENT_GROUP_PERMISSIONS) ||
    viewer.reviewForms?.length
  ) {
    const items: SidebarItem[] = [
      ...menu(viewer, 'Management Statistics', 'statistics', [
        link('My Performance', '/staff/admin/management-statistics', 'statistics', {
          all: ['VIEW_MANAGEMENT_STATISTICS'],
        }),
        link('Management', '/staff/admin/management-statistics/management', 'statistics', {
          all: ['MANAGE_MANAGEMENT_STATISTICS'],
        }),
      ]),
      ...visible(viewer, [
        link('On Leave Requests', '/staff/admin/on-leave-requests', 'on-leave', { all: ['MANAGE_ON_LEAVE_REQUESTS'] }),
      ]),
      ...menu(viewer, 'Report Manager', 'reports', [
        link('Order Reports', '/staff/admin/report-manager/orders', 'reports', REPORT_MANAGER),
      ]),
      ...recruitmentItems(viewer),
      ...visible(viewer, [
        link('Appeal Manager', '/staff/admin/appeals', 'appeals', { all: ['MANAGE_APPEALS'] }),
        link('Team Manager', '/staff/admin/teams', 'teams', { all: ['MANAGE_TEAMS'] }),
        link('User Manager', '/staff/admin/users', 'users', { all: ['MANAGE_USERS'] }),
        link('Rank Manager', '/staff/admin/rank-manager', 'ranks', { all: ['MANAGE_RANKS'] }),
      ]),
      ...menu(viewer, 'Super Admin', 'super-admin', [
        link('Online Users', '/staff/admin/online-users', 'users', { all: ['SUPER_ADMIN'] }),
        link('Order Management', '/staff/admin/order-management', 'orders', { all: ['SUPER_ADMIN'] }),
      ]),
    ];
    if (items.length) groups.push({ label: 'Management', items });
  }

  const site = visible(viewer, [
    link('Site Settings', '/staff/admin/settings', 'settings', { all: ['MANAGE_SETTINGS'] }),
    link('Announce', '/staff/admin/site-management/announcement', 'announce', { all: ['MANAGE_ANNOUNCEMENT'] }),
    // Not in the specification's list (issue 10): a SUPER_ADMIN reads every entry, MANAGE_SETTINGS the settings ones.
    link('Audit Log', '/staff/admin/site-management/audit-log', 'audit', { any: ['SUPER_ADMIN', 'MANAGE_SETTINGS'] }),
  ]);
  if (site.length) groups.push({ label: 'Site Management', items: site });

  const extras: SidebarItem[] = [
    { kind: 'resign', label: 'Resign', icon: 'resign', disabled: !viewer.canResign },
    ...visible(viewer, [
      link('Take a Vacation', '/staff/take-a-break', 'vacation', { all: ['SUBMIT_ON_LEAVE_REQUEST'] }),
      link('Premade Message Directory', '/staff/delivery-messages', 'messages', {
        all: ['MANAGE_ORDERS'],
        perks: ['DELIVERY_MESSAGE_BETA'],
        both: true,
      }),
    ]),
  ];
  groups.push({ label: 'Extras', items: extras });
  return groups;
}

/**
 * The entries whose page exists (site/lib/pages.ts): the specification's sidebar lists features built one issue at a
 * time, and an entry for one not built yet is not shown. Menus and groups left empty go too.
 */
export function onlyBuilt(groups: SidebarGroup[], exists: (href: string) => boolean): SidebarGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.flatMap((item): SidebarItem[] => {
        if (item.kind === 'link') return exists(item.href) ? [item] : [];
        if (item.kind === 'menu') {
          const links = item.links.filter((link) => exists(link.href));
          return links.length ? [{ ...item, links }] : [];
        }
        return [item];
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/** Every label a viewer sees, in order (menus contribute their own label and their links'): for tests and the dashboard. */
export function sidebarLabels(groups: SidebarGroup[]): string[] {
  return groups.flatMap((group) =>
    group.items.flatMap((item) =>
      item.kind === 'menu' ? [item.label, ...item.links.map((l) => l.label)] : [item.label],
    ),
  );
}

/** The one entry the current path belongs to (longest matching href). */
export function activeHref(groups: SidebarGroup[], path: string): string | null {
  let best: string | null = null;
  for (const group of groups) {
    for (const item of group.items) {
      const links = item.kind === 'menu' ? item.links : item.kind === 'link' ? [item] : [];
      for (const { href } of links) {
        if ((path === href || path.startsWith(`${href}/`)) && (!best || href.length > best.length)) best = href;
      }
    }
  }
  return best;
}
