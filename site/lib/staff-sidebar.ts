import { translator } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type { PageUser, SidebarEntry, SidebarIcon, SidebarSection } from '../../core/pages.ts';
import { hasAny, isSuperAdmin, meets, type Permission } from '../../core/shared/permissions.ts';
import { staffCatalogue } from '../i18n/staff/index.ts';
import type { GuardLocals, PluginWithPages } from './route-guards.ts';

export type { SidebarIcon } from '../../core/pages.ts';

/**
 * The staff sidebar as the specification lists it (section 2, 'Staff sidebar'): each entry shows only with its
 * permission or perk. Each plugin declares its entries in its definition (`pages.sidebar`, core/pages.ts: section,
 * place, label, link, icon, requirement); this file holds the site's own (Dashboard, Online Users, Audit Log, Resign),
 * the sections and the mechanism. The layout renders what `sidebarFor` returns; tests assert it per role.
 *
 * Where the specification says "perk X and permission Y", both are needed to see the entry (`Requirement.both`).
 *
 * Labels are shown in the page's language: an entry's `labelKey` names its text in its owner's catalogue (a plugin's
 * own, `definePlugin({ i18n })`; the site's `site.staff` for its own entries), whose English is the entry's `label`.
 */

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
  label: string;
  icon: 'log-out';
  disabled: boolean;
}
export type SidebarItem = SidebarLink | SidebarMenu | SidebarResign;

export interface SidebarGroup {
  /** null: the ungrouped top entries. */
  label: string | null;
  items: SidebarItem[];
}

/** Any one of these shows the Management group (the specification's six). */
export const MANAGEMENT_GROUP_PERMISSIONS: readonly Permission[] = [
  'MANAGE_ON_LEAVE_REQUESTS',
  'VIEW_RECRUITMENT_RESPONSE',
  'RECRUITMENT_MANAGER',
  'MANAGE_APPEALS',
  'MANAGE_USERS',
  'MANAGE_RANKS',
];

/** The sections in order; Management shows only to whom its permissions (or an entry's `otherwise` links) let in. */
const SECTIONS: readonly {
  section: SidebarSection;
  label: 'section.management' | 'section.site' | 'section.extras' | null;
}[] = [
  { section: 'top', label: null },
  { section: 'management', label: 'section.management' },
  { section: 'site', label: 'section.site' },
  { section: 'extras', label: 'section.extras' },
];

/** The site's own pages' entries; Resign, a dialog, heads Extras. */
const SITE_ENTRIES: readonly SidebarEntry[] = [
  {
    section: 'top',
    order: 10,
    label: 'Dashboard',
    labelKey: 'entry.dashboard',
    href: '/staff/dashboard',
    icon: 'layout-dashboard',
    needs: { all: ['VIEW_STAFF_DASHBOARD'] },
  },
  {
    section: 'management',
    order: 90,
    menu: { label: 'Super Admin', icon: 'shield', labelKey: 'entry.superAdmin' },
    label: 'Online Users',
    labelKey: 'entry.onlineUsers',
    href: '/staff/admin/online-users',
    icon: 'user-cog',
    needs: { all: ['SUPER_ADMIN'] },
  },
  // Not in the specification's list (issue 10): a SUPER_ADMIN reads every entry, MANAGE_SETTINGS the settings ones.
  {
    section: 'site',
    order: 30,
    label: 'Audit Log',
    labelKey: 'entry.auditLog',
    href: '/staff/admin/site-management/audit-log',
    icon: 'scroll-text',
    needs: { any: ['SUPER_ADMIN', 'MANAGE_SETTINGS'] },
  },
];

/** An entry and who declared it: a plugin's name (its service answers `otherwise`), or null for the site's own. */
export interface DeclaredEntry {
  // biome-ignore lint/suspicious/noExplicitAny: any plugin's service
  entry: SidebarEntry<any>;
  owner: string | null;
}

const declaredLists = new WeakMap<readonly PluginWithPages[], readonly DeclaredEntry[]>();

/**
 * The site's entries and every plugin's, in order (section, then place), built once per plugin list. Refuses a link
 * two entries declare, and a heading declared with two icons.
 */
export function sidebarEntries(plugins: readonly PluginWithPages[]): readonly DeclaredEntry[] {
  const known = declaredLists.get(plugins);
  if (known) return known;
  const entries: DeclaredEntry[] = [
    ...SITE_ENTRIES.map((entry) => ({ entry, owner: null })),
    ...plugins.flatMap((plugin) => (plugin.pages?.sidebar ?? []).map((entry) => ({ entry, owner: plugin.name }))),
  ];
  refuseClashes(entries);
  const rank = (section: SidebarSection) => SECTIONS.findIndex((s) => s.section === section);
  entries.sort((a, b) => rank(a.entry.section) - rank(b.entry.section) || a.entry.order - b.entry.order);
  declaredLists.set(plugins, entries);
  return entries;
}

function refuseClashes(entries: readonly DeclaredEntry[]): void {
  const links = new Map<string, DeclaredEntry>();
  const menuIcons = new Map<string, SidebarIcon>();
  const who = (owner: string | null) => (owner === null ? 'the site' : `plugin "${owner}"`);
  for (const declared of entries) {
    const { href, menu } = declared.entry;
    const other = links.get(href);
    if (other)
      throw new Error(`The sidebar entry ${href} is declared by ${who(other.owner)} and ${who(declared.owner)}`);
    links.set(href, declared);
    if (!menu) continue;
    const icon = menuIcons.get(menu.label);
    if (icon && icon !== menu.icon) throw new Error(`The sidebar heading "${menu.label}" is declared with two icons`);
    menuIcons.set(menu.label, menu.icon);
  }
}

export interface SidebarViewer extends PageUser {
  /** Whether the user's highest rank allows resigning through the website. */
  canResign: boolean;
}

const linkOf = ({ label, href, icon }: { label: string; href: string; icon: SidebarIcon }): SidebarLink => ({
  kind: 'link',
  label,
  href,
  icon,
});

/** What the sidebar needs from the server (Astro.locals): the guards' locals and the page's language. */
export interface SidebarLocals extends GuardLocals {
  locale: Locale;
}

/** A label in the page's language: its key in its owner's catalogue (the site's, or the plugin's), else as declared. */
type Labeller = (owner: string | null, label: { label: string; labelKey?: string | undefined }) => string;

function labellerFor({ plugins, locale }: SidebarLocals): Labeller {
  return (owner, { label, labelKey }) => {
    if (labelKey === undefined) return label;
    const catalogue = owner === null ? staffCatalogue : plugins.find((plugin) => plugin.name === owner)?.i18n;
    if (!catalogue)
      throw new Error(`The sidebar entry "${label}" names a key, but its plugin "${owner}" has no catalogue`);
    return translator(catalogue)(locale)(labelKey);
  };
}

/** One section's items, and whether an entry's `otherwise` offered the viewer links. */
async function sectionItems(
  viewer: SidebarViewer,
  entries: readonly DeclaredEntry[],
  services: GuardLocals['services'],
  labelOf: Labeller,
): Promise<{ items: SidebarItem[]; offered: boolean }> {
  // Entries under one heading share it, at the first one's place.
  const slots = new Map<string, DeclaredEntry[]>();
  for (const declared of entries) {
    const { menu, href } = declared.entry;
    const key = menu ? `menu:${menu.label}` : `link:${href}`;
    slots.set(key, [...(slots.get(key) ?? []), declared]);
  }
  const items: SidebarItem[] = [];
  let offered = false;
  for (const slot of slots.values()) {
    const { entry, owner } = slot[0]!;
    if (entry.menu) {
      const links = slot
        .filter((declared) => meets(viewer, declared.entry.needs))
        .map((declared) => linkOf({ ...declared.entry, label: labelOf(declared.owner, declared.entry) }));
      if (links.length) items.push({ kind: 'menu', label: labelOf(owner, entry.menu), icon: entry.menu.icon, links });
    } else if (meets(viewer, entry.needs)) {
      items.push(linkOf({ ...entry, label: labelOf(owner, entry) }));
    } else if (entry.otherwise) {
      // The links are rows (a form's title): shown as written.
      const links = await entry.otherwise(services[owner ?? ''], viewer);
      if (links.length) {
        offered = true;
        const { icon } = entry;
        const label = labelOf(owner, entry);
        items.push({ kind: 'menu', label, icon, links: links.map((link) => linkOf({ ...link, icon })) });
      }
    }
  }
  return { items, offered };
}

/**
 * The sidebar a viewer sees, from the site's entries and those of the plugins the server runs (Astro.locals), in the
 * page's language.
 */
export async function sidebarFor(viewer: SidebarViewer, locals: SidebarLocals): Promise<SidebarGroup[]> {
  const entries = sidebarEntries(locals.plugins);
  const t = translator(staffCatalogue)(locals.locale);
  const labelOf = labellerFor(locals);
  const groups: SidebarGroup[] = [];
  for (const { section, label } of SECTIONS) {
    const of = entries.filter((declared) => declared.entry.section === section);
    const { items, offered } = await sectionItems(viewer, of, locals.services, labelOf);
    // The specification's six permissions, or a form that names one of the user's ranks (§6 makes that rank the
    // form's VIEW_RECRUITMENT_RESPONSE).
    if (
      section === 'management' &&
      !(isSuperAdmin(viewer.permissions) || hasAny(viewer.permissions, MANAGEMENT_GROUP_PERMISSIONS) || offered)
    )
      continue;
    if (section === 'extras')
      items.unshift({ kind: 'resign', label: t('entry.resign'), icon: 'log-out', disabled: !viewer.canResign });
    if (items.length) groups.push({ label: label && t(label), items });
  }
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
