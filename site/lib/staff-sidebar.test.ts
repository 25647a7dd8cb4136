import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type Permission, toBits } from '../../core/shared/permissions.ts';
import { activeHref, onlyBuilt, sidebarFor, sidebarLabels } from './staff-sidebar.ts';

const viewer = (permissions: Permission[], perks: string[] = [], canResign = true) => ({
  permissions: toBits(permissions),
  perks,
  canResign,
});

describe('staff sidebar', () => {
  it('a chef sees the kitchen entries and Extras only', () => {
    const groups = sidebarFor(
      viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP', 'SUBMIT_ON_LEAVE_REQUEST']),
    );
    expect(groups.map((g) => g.label)).toEqual([null, 'Extras']);
    expect(sidebarLabels(groups)).toEqual(['Dashboard', 'Order Manager', 'Food Lookup', 'Resign', 'Take a Vacation']);
  });

  it('shows the Management group for any one of its listed permissions, and only the entries the user has', () => {
    const groups = sidebarFor(viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS']));
    expect(groups.map((g) => g.label)).toEqual([null, 'Management', 'Extras']);
    expect(sidebarLabels(groups)).toEqual(['Dashboard', 'User Manager', 'Resign']);
  });

  it('hides the Management group for permissions inside it that are not on its list', () => {
    const labels = sidebarLabels(
      sidebarFor(viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_TEAMS', 'VIEW_MANAGEMENT_STATISTICS'])),
    );
    expect(labels).not.toContain('Team Manager');
    expect(labels).not.toContain('Management Statistics');
  });

  it('needs the perk and the permission for Order Reports and the Premade Message Directory', () => {
    const permissionOnly = sidebarLabels(sidebarFor(viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG', 'MANAGE_ORDERS'])));
    expect(permissionOnly).not.toContain('Order Reports');
    expect(permissionOnly).not.toContain('Premade Message Directory');
    const perkOnly = sidebarLabels(sidebarFor(viewer(['MANAGE_APPEALS'], ['FEEDBACK_BETA', 'DELIVERY_MESSAGE_BETA'])));
    expect(perkOnly).not.toContain('Order Reports');
    expect(perkOnly).not.toContain('Premade Message Directory');
    const both = sidebarLabels(
      sidebarFor(
        viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG', 'MANAGE_ORDERS'], ['FEEDBACK_BETA', 'DELIVERY_MESSAGE_BETA']),
      ),
    );
    expect(both).toContain('Order Reports');
    expect(both).toContain('Premade Message Directory');
  });

  it('§6 "Report Manager / Order Reports": a Report Manager menu with Order Reports under it, for VIEW_BACKLOG and the perk, both', () => {
    const management = (grants: ReturnType<typeof viewer>) =>
      sidebarFor(grants).find((group) => group.label === 'Management');
    const menu = management(viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG'], ['FEEDBACK_BETA']))?.items.find(
      (item) => item.label === 'Report Manager',
    );
    expect(menu).toEqual({
      kind: 'menu',
      label: 'Report Manager',
      icon: 'reports',
      links: [{ kind: 'link', label: 'Order Reports', href: '/staff/admin/report-manager/orders', icon: 'reports' }],
    });
    // The same requirement as the page and the API: the permission alone or the perk alone is not enough.
    expect(sidebarLabels(sidebarFor(viewer(['MANAGE_APPEALS', 'VIEW_BACKLOG'])))).not.toContain('Report Manager');
    expect(sidebarLabels(sidebarFor(viewer(['MANAGE_APPEALS'], ['FEEDBACK_BETA'])))).not.toContain('Report Manager');
  });

  it('§6: a reviewer by rank alone sees the Management group with the forms they may review, and no more', () => {
    const forms = [
      { id: '1100000000000000502', title: 'Delivery Driver' },
      { id: '1100000000000000503', title: 'Night Shift' },
    ];
    const groups = sidebarFor({ ...viewer(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS']), reviewForms: forms });
    expect(groups.map((g) => g.label)).toEqual([null, 'Management', 'Extras']);
    expect(groups.find((g) => g.label === 'Management')!.items).toEqual([
      {
        kind: 'menu',
        label: 'Recruitment',
        icon: 'recruitment',
        links: [
          {
            kind: 'link',
            label: 'Delivery Driver',
            href: '/staff/admin/recruitment/1100000000000000502/applications',
            icon: 'recruitment',
          },
          {
            kind: 'link',
            label: 'Night Shift',
            href: '/staff/admin/recruitment/1100000000000000503/applications',
            icon: 'recruitment',
          },
        ],
      },
    ]);
    // Whom a permission already lets read every form keeps the one Recruitment entry.
    const viewerLabels = sidebarLabels(sidebarFor({ ...viewer(['VIEW_RECRUITMENT_RESPONSE']), reviewForms: [] }));
    expect(viewerLabels).toEqual(['Recruitment', 'Resign']);
    // No form names their rank: no Management group.
    expect(sidebarFor({ ...viewer(['VIEW_STAFF_DASHBOARD']), reviewForms: [] }).map((g) => g.label)).toEqual([
      null,
      'Extras',
    ]);
  });

  it('a super admin sees every entry in the specification order', () => {
    expect(sidebarLabels(sidebarFor({ permissions: ALL_PERMISSIONS, perks: [], canResign: false }))).toEqual([
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
    ]);
  });

  it('Site Management shows with either of its permissions; Resign is disabled when the rank may not resign', () => {
    const groups = sidebarFor(viewer(['MANAGE_ANNOUNCEMENT'], [], false));
    expect(sidebarLabels(groups)).toEqual(['Announce', 'Resign']);
    const resign = groups.at(-1)!.items[0];
    expect(resign).toMatchObject({ kind: 'resign', disabled: true });
  });

  it('Audit Log: a super admin and MANAGE_SETTINGS see it, MANAGE_ANNOUNCEMENT alone does not', () => {
    expect(sidebarLabels(sidebarFor(viewer(['MANAGE_SETTINGS'])))).toEqual(['Site Settings', 'Audit Log', 'Resign']);
    expect(sidebarLabels(sidebarFor(viewer(['MANAGE_ANNOUNCEMENT'])))).not.toContain('Audit Log');
    expect(sidebarLabels(sidebarFor(viewer(['MANAGE_USERS'])))).not.toContain('Audit Log');
  });

  it('marks the longest matching entry active', () => {
    const groups = sidebarFor({ permissions: ALL_PERMISSIONS, perks: [], canResign: true });
    expect(activeHref(groups, '/staff/admin/management-statistics/management')).toBe(
      '/staff/admin/management-statistics/management',
    );
    expect(activeHref(groups, '/staff/admin/users/123/ban')).toBe('/staff/admin/users');
    expect(activeHref(groups, '/staff/elsewhere')).toBeNull();
  });

  it('shows only entries whose page exists, dropping menus and groups left empty', () => {
    const built = new Set(['/staff/dashboard', '/staff/orders', '/staff/admin/users', '/staff/admin/order-management']);
    const groups = onlyBuilt(sidebarFor(viewer(['SUPER_ADMIN'])), (href) => built.has(href));
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
