import { describe, expect, it } from 'vitest';
import { translator } from '../../core/i18n/catalogue.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type { SidebarEntry } from '../../core/pages.ts';
import { ALL_PERMISSIONS, type Permission, toBits } from '../../core/shared/permissions.ts';
import { plugins } from '../../plugins/index.ts';
import { staffCatalogue } from '../i18n/staff/index.ts';
import {
  activeHref,
  onlyBuilt,
  type SidebarLocals,
  type SidebarViewer,
  sidebarEntries,
  sidebarFor,
  sidebarLabels,
} from './staff-sidebar.ts';

const viewer = (permissions: Permission[], perks: string[] = [], canResign = true): SidebarViewer => ({
  id: '1100000000000000009',
  ranks: [],
  permissions: toBits(permissions),
  perks,
  canResign,
});

/** The real plugin list; the recruitment plugin's service answers which forms a rank lets the viewer review (§6). */
const localsWith = (
  reviewForms: readonly { id: string; title: string }[] = [],
  locale: Locale = 'en',
): SidebarLocals => ({
  plugins,
  services: { recruitment: { access: { formsReviewedByRank: async () => reviewForms } } },
  locale,
});
const sidebarOf = (
  who: SidebarViewer,
  reviewForms: readonly { id: string; title: string }[] = [],
  locale: Locale = 'en',
) => sidebarFor(who, localsWith(reviewForms, locale));

describe('staff sidebar', () => {
  it("is in the page's language: the site's entries from its catalogue, a plugin's from the plugin's own", async () => {
    const groups = await sidebarOf(
      viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP', 'SUBMIT_ON_LEAVE_REQUEST']),
      [],
      'de',
    );
    expect(groups.map((g) => g.label)).toEqual([null, 'Weiteres']);
    expect(sidebarLabels(groups)).toEqual([
      'Übersicht',
      'Bestellverwaltung',
      'Gerichtesuche',
      'Kündigen',
      'Urlaub nehmen',
    ]);
    // A form a rank reviews keeps its title as written, under the entry's translated heading.
    const reviewer = await sidebarOf(viewer(['VIEW_STAFF_DASHBOARD']), [{ id: 'f1', title: 'Line cooks' }], 'fr');
    expect(sidebarLabels(reviewer)).toEqual(['Tableau de bord', 'Recrutement', 'Line cooks', 'Démissionner']);
  });

  it("names every entry's text by a key whose English is the entry's label", () => {
    const english = (owner: string | null, key: string) => {
      const catalogue = owner === null ? staffCatalogue : plugins.find((plugin) => plugin.name === owner)?.i18n;
      return catalogue ? translator(catalogue)('en')(key) : undefined;
    };
    const mismatched = sidebarEntries(plugins).flatMap(({ entry, owner }) =>
      [entry, ...(entry.menu ? [entry.menu] : [])].flatMap(({ label, labelKey }) =>
        labelKey !== undefined && english(owner, labelKey) === label ? [] : [`${owner ?? 'site'}: ${label}`],
      ),
    );
    expect(mismatched).toEqual([]);
  });

  it('a chef sees the kitchen entries and Extras only', async () => {
    const groups = await sidebarOf(
      viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP', 'SUBMIT_ON_LEAVE_REQUEST']),
    );
    expect(groups.map((g) => g.label)).toEqual([null, 'Extras']);
    expect(sidebarLabels(groups)).toEqual(['Dashboard', 'Order Manager', 'Food Lookup', 'Resign', 'Take a Vacation']);
  });

  it('shows the Management group for any one of its listed permissions, and only the entries the user has', async () => {
    const groups = await sidebarOf(viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS']));
    expect(groups.map((g) => g.label)).toEqual([null, 'Management', 'Extras']);
    expect(sidebarLabels(groups)).toEqual(['Dashboard', 'User Manager', 'Resign']);
  });

  it('hides the Management group for permissions inside it that are not on its list', async () => {
    const labels = sidebarLabels(
      await sidebarOf(viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_TEAMS', 'VIEW_MANAGEMENT_STATISTICS'])),
    );
    expect(labels).not.toContain('Team Manager');
    expect(labels).not.toContain('Management Statistics');
  });

  it('needs the perk and the permission for Order Reports and the Premade Message Directory', async () => {
    const permissionOnly = sidebarLabels(await sidebarOf(viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG', 'MANAGE_ORDERS'])));
    expect(permissionOnly).not.toContain('Order Reports');
    expect(permissionOnly).not.toContain('Premade Message Directory');
    const perkOnly = sidebarLabels(
      await sidebarOf(viewer(['MANAGE_APPEALS'], ['FEEDBACK_BETA', 'DELIVERY_MESSAGE_BETA'])),
    );
    expect(perkOnly).not.toContain('Order Reports');
    expect(perkOnly).not.toContain('Premade Message Directory');
    const both = sidebarLabels(
      await sidebarOf(
        viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG', 'MANAGE_ORDERS'], ['FEEDBACK_BETA', 'DELIVERY_MESSAGE_BETA']),
      ),
    );
    expect(both).toContain('Order Reports');
    expect(both).toContain('Premade Message Directory');
  });

  it('§6 "Report Manager / Order Reports": a Report Manager menu with Order Reports under it, for VIEW_BACKLOG and the perk, both', async () => {
    const management = async (grants: SidebarViewer) =>
      (await sidebarOf(grants)).find((group) => group.label === 'Management');
    const menu = (await management(viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG'], ['FEEDBACK_BETA'])))?.items.find(
      (item) => item.label === 'Report Manager',
    );
    expect(menu).toEqual({
      kind: 'menu',
      label: 'Report Manager',
      icon: 'flag',
      links: [{ kind: 'link', label: 'Order Reports', href: '/staff/admin/report-manager/orders', icon: 'flag' }],
    });
    // The same requirement as the page and the API: the permission alone or the perk alone is not enough.
    expect(sidebarLabels(await sidebarOf(viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG'])))).not.toContain('Report Manager');
    expect(sidebarLabels(await sidebarOf(viewer(['MANAGE_APPEALS'], ['FEEDBACK_BETA'])))).not.toContain(
      'Report Manager',
    );
  });

  it('§6: a reviewer by rank alone sees the Management group with the forms they may review, and no more', async () => {
    const forms = [
      { id: '1100000000000000502', title: 'Delivery Driver' },
      { id: '1100000000000000503', title: 'Night Shift' },
    ];
    const groups = await sidebarOf(viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS']), forms);
    expect(groups.map((g) => g.label)).toEqual([null, 'Management', 'Extras']);
    expect(groups.find((g) => g.label === 'Management')!.items).toEqual([
      {
        kind: 'menu',
        label: 'Recruitment',
        icon: 'user-plus',
        links: [
          {
            kind: 'link',
            label: 'Delivery Driver',
            href: '/staff/admin/recruitment/1100000000000000502/applications',
            icon: 'user-plus',
          },
          {
            kind: 'link',
            label: 'Night Shift',
            href: '/staff/admin/recruitment/1100000000000000503/applications',
            icon: 'user-plus',
          },
        ],
      },
    ]);
    // Whom a permission already lets read every form keeps the one Recruitment entry.
    const viewerLabels = sidebarLabels(await sidebarOf(viewer(['VIEW_RECRUITMENT_RESPONSE'])));
    expect(viewerLabels).toEqual(['Recruitment', 'Resign']);
    // No form names their rank: no Management group.
    expect((await sidebarOf(viewer(['VIEW_STAFF_DASHBOARD']))).map((g) => g.label)).toEqual([null, 'Extras']);
  });

  it("a super admin sees every entry the site and the plugins' definitions declare, in their order", async () => {
    const declared = sidebarEntries(plugins).map(({ entry }) => entry);
    const labelsOf = (entries: readonly SidebarEntry[]) => [
      ...new Set(entries.flatMap((entry) => (entry.menu ? [entry.menu.label, entry.label] : [entry.label]))),
    ];
    // Resign, the site's dialog, heads Extras.
    const expected = [
      ...labelsOf(declared.filter((entry) => entry.section !== 'extras')),
      'Resign',
      ...labelsOf(declared.filter((entry) => entry.section === 'extras')),
    ];
    const labels = sidebarLabels(await sidebarOf({ ...viewer([]), permissions: ALL_PERMISSIONS, canResign: false }));
    expect(labels).toEqual(expected);
    // The specification's entries keep its order (a new feature's may come between them).
    const specification = [
      'Dashboard',
      'Order Manager',
      'Food Lookup',
      'My Achievements',
      'Management Statistics',
      'My Performance',
      'Management',
      'On Leave Requests',
      'Report Manager',
      'Order Reports',
      'Recruitment',
      'Appeal Manager',
      'Team Manager',
      'User Manager',
      'Rank Manager',
      'Super Admin',
      'Online Users',
      'Order Management',
      'Site Settings',
      'Announce',
      'Audit Log',
      'Resign',
      'Take a Vacation',
      'Premade Message Directory',
    ];
    expect(labels.filter((label) => specification.includes(label))).toEqual(specification);
  });

  it("places a plugin's entries by section and place, under a heading others share; refuses a link declared twice", async () => {
    const entry = (over: Partial<SidebarEntry>): SidebarEntry => ({
      section: 'management',
      order: 95,
      label: 'Daily Specials',
      href: '/staff/admin/specials',
      icon: 'chef-hat',
      needs: { all: ['MANAGE_SETTINGS'] },
      ...over,
    });
    const specials = {
      name: 'specials',
      pages: { sidebar: [entry({ menu: { label: 'Super Admin', icon: 'shield' } })] },
    };
    const groups = await sidebarFor(viewer(['SUPER_ADMIN']), {
      plugins: [...plugins, specials],
      services: {},
      locale: 'en',
    });
    const superAdmin = groups.flatMap((group) => group.items).find((item) => item.label === 'Super Admin');
    expect(superAdmin?.kind === 'menu' && superAdmin.links.map((link) => link.label)).toEqual([
      'Online Users',
      'Order Management',
      'Daily Specials',
    ]);
    const twice = { name: 'twice', pages: { sidebar: [entry({ href: '/staff/admin/users' })] } };
    expect(() => sidebarEntries([...plugins, twice])).toThrow(
      'The sidebar entry /staff/admin/users is declared by plugin "users" and plugin "twice"',
    );
    const otherIcon = { name: 'icon', pages: { sidebar: [entry({ menu: { label: 'Super Admin', icon: 'gear' } })] } };
    expect(() => sidebarEntries([otherIcon])).toThrow('The sidebar heading "Super Admin" is declared with two icons');
  });

  it('Site Management shows with either of its permissions; Resign is disabled when the rank may not resign', async () => {
    const groups = await sidebarOf(viewer(['MANAGE_ANNOUNCEMENT'], [], false));
    expect(sidebarLabels(groups)).toEqual(['Announce', 'Resign']);
    const resign = groups.at(-1)!.items[0];
    expect(resign).toMatchObject({ kind: 'resign', disabled: true });
  });

  it('Audit Log: a super admin and MANAGE_SETTINGS see it, MANAGE_ANNOUNCEMENT alone does not', async () => {
    expect(sidebarLabels(await sidebarOf(viewer(['MANAGE_SETTINGS'])))).toEqual([
      'Site Settings',
      'Audit Log',
      'Resign',
    ]);
    expect(sidebarLabels(await sidebarOf(viewer(['MANAGE_ANNOUNCEMENT'])))).not.toContain('Audit Log');
    expect(sidebarLabels(await sidebarOf(viewer(['MANAGE_USERS'])))).not.toContain('Audit Log');
  });

  it('marks the longest matching entry active', async () => {
    const groups = await sidebarOf({ ...viewer([]), permissions: ALL_PERMISSIONS });
    expect(activeHref(groups, '/staff/admin/management-statistics/management')).toBe(
      '/staff/admin/management-statistics/management',
    );
    expect(activeHref(groups, '/staff/admin/users/123/ban')).toBe('/staff/admin/users');
    expect(activeHref(groups, '/staff/elsewhere')).toBeNull();
  });

  it('shows only entries whose page exists, dropping menus and groups left empty', async () => {
    const built = new Set(['/staff/dashboard', '/staff/orders', '/staff/admin/users', '/staff/admin/order-management']);
    const groups = onlyBuilt(await sidebarOf(viewer(['SUPER_ADMIN'])), (href) => built.has(href));
    expect(sidebarLabels(groups)).toEqual([
      'Dashboard',
      'Order Manager',
      'User Manager',
      'Super Admin',
      'Order Management',
      'Resign',
    ]);
    expect(groups.map((group) => group.label)).toEqual([null, 'Management', 'Extras']);
  });
});
