import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openToBanned } from '../../core/shared/ban.ts';
import { type Permission, type Requirement, toBits } from '../../core/shared/permissions.ts';
import { plugins } from '../../plugins/index.ts';
import type { RecruitmentPlugin } from '../../plugins/recruitment/index.ts';
import type { Reviewer } from '../../plugins/recruitment/schemas.ts';
import { REPORT_MANAGER } from '../../plugins/reports/schemas.ts';
import {
  checkPage,
  type GuardLocals,
  guardFor,
  guardTable,
  type PageUser,
  type PluginWithPages,
  staffPagesWithoutGuard,
} from './route-guards.ts';

const user = (
  permissions: Permission[],
  perks: string[] = [],
  id = '1100000000000000009',
  ranks: string[] = [],
): PageUser => ({
  id,
  permissions: toBits(permissions),
  perks,
  ranks: ranks.map((rank) => ({ id: rank })),
});

/**
 * A stand-in for the recruitment service's answers (plugins/recruitment/access.ts, tested against the API in
 * recruitment.int.test.ts): form 501 is reviewed by the rank `chef-rank`, form 502 by no rank; application 511 is
 * to form 501, 512 to form 502.
 */
const FORMS: Record<string, string[]> = { '1100000000000000501': ['chef-rank'], '1100000000000000502': [] };
const APPLICATIONS: Record<string, string> = {
  '1100000000000000511': '1100000000000000501',
  '1100000000000000512': '1100000000000000502',
};
const views = (who: Reviewer) => (toBits(['VIEW_RECRUITMENT_RESPONSE']) & who.permissions) !== 0;
const edits = (who: Reviewer) => (toBits(['RECRUITMENT_MANAGER']) & who.permissions) !== 0;
const reviews = (who: Reviewer, formId: string) =>
  views(who) || who.ranks.some((rank) => FORMS[formId]!.includes(rank.id));
const access: Pick<
  RecruitmentPlugin['access'],
  'mayEnter' | 'reviewsAny' | 'mayReviewForm' | 'mayOpenForm' | 'mayReviewApplication'
> = {
  mayEnter: async (who) => edits(who) || views(who) || Object.keys(FORMS).some((id) => reviews(who, id)),
  reviewsAny: async (who) => views(who) || Object.keys(FORMS).some((id) => reviews(who, id)),
  mayReviewForm: async (who, id) => (id in FORMS ? reviews(who, id) : null),
  mayOpenForm: async (who, id) => (id in FORMS ? edits(who) || reviews(who, id) : null),
  mayReviewApplication: async (who, id) => (id in APPLICATIONS ? reviews(who, APPLICATIONS[id]!) : null),
};
/** The real plugin list (their definitions' guards), with the stand-in as the recruitment plugin's service. */
const locals: GuardLocals = { plugins, services: { recruitment: { access } } };
const page = (path: string, search: string, who: PageUser | null) => checkPage(path, search, who, locals);

describe('page guards', () => {
  it('/users/{id}/manage: the user themself or a user manager', async () => {
    const path = '/users/1100000000000000001/manage';
    expect((await page(path, '', null)).kind).toBe('login');
    expect(await page(path, '', user([], [], '1100000000000000001'))).toEqual({ kind: 'pass' });
    expect(await page(path, '', user(['VIEW_STAFF_DASHBOARD']))).toEqual({
      kind: 'forbidden',
      location: '/?error=insufficient_permissions',
    });
    expect(await page(path, '', user(['MANAGE_USERS']))).toEqual({ kind: 'pass' });
    expect(await page('/users/@me/manage', '', user([]))).toEqual({ kind: 'pass' });
  });

  it('leaves public pages alone', async () => {
    for (const path of ['/', '/team', '/leaderboard', '/users/1100000000000000001', '/recruitment', '/login']) {
      expect(guardFor(path, plugins)).toBeNull();
      expect(await page(path, '', null)).toEqual({ kind: 'pass' });
    }
  });

  it('sends anonymous visitors of a guarded page to /login with the encoded path', async () => {
    expect(await page('/users/@me/manage', '?tab=1', null)).toEqual({
      kind: 'login',
      location: '/login?redirect=%2Fusers%2F%40me%2Fmanage%3Ftab%3D1',
    });
    expect((await page('/staff/admin/users', '', null)).kind).toBe('login');
  });

  it('sends signed-in users without the permission to /?error=insufficient_permissions', async () => {
    expect(await page('/staff/admin/users', '', user(['VIEW_STAFF_DASHBOARD']))).toEqual({
      kind: 'forbidden',
      location: '/?error=insufficient_permissions',
    });
    expect(await page('/staff/admin/users', '', user(['MANAGE_USERS']))).toEqual({ kind: 'pass' });
    expect(await page('/staff/dashboard', '', user([]))).toMatchObject({ kind: 'forbidden' });
    expect(await page('/staff/admin/users/1100000000000000001/ban', '', user(['SUPER_ADMIN']))).toEqual({
      kind: 'pass',
    });
  });

  it('takes the longest matching prefix, and the permissions-OR-perks rule', async () => {
    expect(guardFor('/staff/admin/management-statistics/management', plugins)).toEqual({
      requirement: { all: ['MANAGE_MANAGEMENT_STATISTICS'] },
    });
    expect((await page('/staff/delivery-messages', '', user([], ['DELIVERY_MESSAGE_BETA']))).kind).toBe('pass');
    expect((await page('/staff/delivery-messages', '', user(['MANAGE_ORDERS']))).kind).toBe('pass');
    expect((await page('/staff/delivery-messages', '', user(['VIEW_STAFF_DASHBOARD']))).kind).toBe('forbidden');
  });

  it('the Report Manager: VIEW_BACKLOG and the perk FEEDBACK_BETA, both, as its API and its sidebar entry', async () => {
    for (const path of [
      '/staff/admin/report-manager/orders',
      '/staff/admin/report-manager/orders/1100000000000000601',
    ]) {
      expect((await page(path, '', null)).kind).toBe('login');
      expect((await page(path, '', user(['VIEW_STAFF_DASHBOARD', 'VIEW_BACKLOG'], ['FEEDBACK_BETA']))).kind).toBe(
        'pass',
      );
      expect((await page(path, '', user(['SUPER_ADMIN']))).kind).toBe('pass');
      // The perk is sold in the store: a customer holding it reads no one's reports. Nor does VIEW_BACKLOG alone.
      expect(await page(path, '', user([], ['FEEDBACK_BETA']))).toEqual({
        kind: 'forbidden',
        location: '/?error=insufficient_permissions',
      });
      expect((await page(path, '', user(['VIEW_STAFF_DASHBOARD', 'VIEW_BACKLOG']))).kind).toBe('forbidden');
    }
    expect(guardFor('/staff/admin/report-manager/orders', plugins)).toEqual({ requirement: REPORT_MANAGER });
  });

  it("§6 recruitment: a rank in the form's manageableRanks opens that form's pages, and no other form's", async () => {
    const reviewer = user(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'], [], '1100000000000000002', ['chef-rank']);
    const forbidden = { kind: 'forbidden', location: '/?error=insufficient_permissions' };
    for (const path of ['/staff/admin/recruitment', '/staff/admin/recruitment/applications'])
      expect(await page(path, '', reviewer), path).toEqual({ kind: 'pass' });
    for (const path of [
      '/staff/admin/recruitment/1100000000000000501',
      '/staff/admin/recruitment/1100000000000000501/applications',
      '/staff/admin/recruitment/1100000000000000501/applications/1100000000000000511',
    ]) {
      expect(await page(path, '', reviewer), path).toEqual({ kind: 'pass' });
    }
    for (const path of [
      '/staff/admin/recruitment/1100000000000000502',
      '/staff/admin/recruitment/1100000000000000502/applications',
      '/staff/admin/recruitment/1100000000000000502/applications/1100000000000000512',
      '/staff/admin/recruitment/create',
    ]) {
      expect(await page(path, '', reviewer), path).toEqual(forbidden);
    }
    // Staff holding no rank a form names: refused everywhere; nobody signed in: the login page.
    const plain = user(['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'], [], '1100000000000000003', ['driver-rank']);
    for (const path of [
      '/staff/admin/recruitment',
      '/staff/admin/recruitment/applications',
      '/staff/admin/recruitment/1100000000000000501/applications',
    ]) {
      expect(await page(path, '', plain), path).toEqual(forbidden);
      expect((await page(path, '', null)).kind, path).toBe('login');
    }
    // No such form: the page's 404, as the API's.
    expect(await page('/staff/admin/recruitment/1100000000000000599/applications', '', reviewer)).toEqual({
      kind: 'pass',
    });
  });

  it('recruitment: RECRUITMENT_MANAGER edits every form but reads no applications without VIEW_RECRUITMENT_RESPONSE', async () => {
    const editor = user(['VIEW_STAFF_DASHBOARD', 'RECRUITMENT_MANAGER']);
    for (const path of [
      '/staff/admin/recruitment',
      '/staff/admin/recruitment/create',
      '/staff/admin/recruitment/1100000000000000502',
    ]) {
      expect((await page(path, '', editor)).kind, path).toBe('pass');
    }
    for (const path of [
      '/staff/admin/recruitment/applications',
      '/staff/admin/recruitment/1100000000000000502/applications',
    ]) {
      expect((await page(path, '', editor)).kind, path).toBe('forbidden');
    }
    const viewer = user(['VIEW_STAFF_DASHBOARD', 'VIEW_RECRUITMENT_RESPONSE']);
    expect(
      (await page('/staff/admin/recruitment/1100000000000000502/applications/1100000000000000512', '', viewer)).kind,
    ).toBe('pass');
    expect((await page('/staff/admin/recruitment/create', '', viewer)).kind).toBe('forbidden');
  });

  it('the audit log: SUPER_ADMIN or MANAGE_SETTINGS, nobody else', async () => {
    const path = '/staff/admin/site-management/audit-log';
    expect((await page(path, '', null)).kind).toBe('login');
    expect((await page(path, '', user(['SUPER_ADMIN']))).kind).toBe('pass');
    expect((await page(path, '', user(['MANAGE_SETTINGS']))).kind).toBe('pass');
    for (const permissions of [
      ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'],
      ['VIEW_STAFF_DASHBOARD', 'MANAGE_ANNOUNCEMENT'],
    ] as Permission[][]) {
      expect((await page(path, '', user(permissions))).kind).toBe('forbidden');
    }
  });

  it('Announce: MANAGE_ANNOUNCEMENT or MANAGE_SETTINGS, as its API allows; nobody else', async () => {
    const path = '/staff/admin/site-management/announcement';
    expect((await page(path, '', null)).kind).toBe('login');
    expect((await page(path, '', user(['MANAGE_ANNOUNCEMENT']))).kind).toBe('pass');
    expect((await page(path, '', user(['MANAGE_SETTINGS']))).kind).toBe('pass');
    expect((await page(path, '', user(['SUPER_ADMIN']))).kind).toBe('pass');
    expect(await page(path, '', user(['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS']))).toEqual({
      kind: 'forbidden',
      location: '/?error=insufficient_permissions',
    });
    expect((await page(path, '', user([]))).kind).toBe('forbidden');
  });

  it('Site Settings: MANAGE_SETTINGS only (MANAGE_ANNOUNCEMENT is not enough)', async () => {
    expect((await page('/staff/admin/settings', '?tab=store', user(['MANAGE_SETTINGS']))).kind).toBe('pass');
    expect((await page('/staff/admin/settings', '', user(['MANAGE_ANNOUNCEMENT']))).kind).toBe('forbidden');
  });

  it('keeps appeals, sign-in and the privacy policy open to banned users', async () => {
    expect(openToBanned('/appeal/create')).toBe(true);
    expect(openToBanned('/privacy')).toBe(true);
    expect(openToBanned('/staff/dashboard')).toBe(false);
    expect(openToBanned('/appealing')).toBe(false);
  });
});

/** A user holding exactly what a requirement asks (`any`: its first permission only). */
const holding = (requirement: Requirement): PageUser =>
  user(
    [...(requirement.all ?? []), ...(requirement.any ?? []).slice(0, 1)],
    requirement.both || !(requirement.all?.length || requirement.any?.length) ? [...(requirement.perks ?? [])] : [],
  );

describe("every guard the plugins' definitions and the site declare", () => {
  const table = guardTable(plugins);

  it('is found for its own prefix (plugins named nowhere here)', () => {
    expect(table.prefixes.size).toBeGreaterThan(plugins.length);
    for (const plugin of plugins) {
      for (const [prefix, guard] of Object.entries(plugin.pages?.guards ?? {}))
        expect(guardFor(prefix, plugins)).toBe(guard);
    }
  });

  it('sends a visitor to sign in; refuses a user without its requirement and lets in one who holds exactly it', async () => {
    for (const [prefix, { guard }] of table.prefixes) {
      const path = prefix.endsWith('/') ? `${prefix}1100000000000000001` : prefix;
      expect((await page(path, '', null)).kind, path).toBe('login');
      if ('auth' in guard) expect((await page(path, '', user([]))).kind, path).toBe('pass');
      if (!('requirement' in guard)) continue;
      expect(await page(path, '', user([])), path).toEqual({
        kind: 'forbidden',
        location: '/?error=insufficient_permissions',
      });
      expect((await page(path, '', holding(guard.requirement))).kind, path).toBe('pass');
    }
  });

  it("applies a pattern guard with its plugin's own service, and refuses a prefix two declare", async () => {
    const ask = definePages('kitchen', {
      guards: { '/staff/kitchen': { requirement: { all: ['MANAGE_ORDERS'] } } },
      paths: [
        [
          /^\/staff\/kitchen\/(\d+)$/,
          { reads: async (service: { open: (id: string) => boolean }, _user, [id]) => service.open(id!) },
        ],
      ],
    });
    const withKitchen: GuardLocals = { plugins: [ask], services: { kitchen: { open: (id: string) => id === '7' } } };
    expect(await checkPage('/staff/kitchen/7', '', user([]), withKitchen)).toEqual({ kind: 'pass' });
    expect((await checkPage('/staff/kitchen/8', '', user([]), withKitchen)).kind).toBe('forbidden');
    expect((await checkPage('/staff/kitchen', '', user([]), withKitchen)).kind).toBe('forbidden');
    const twice = definePages('bakery', { guards: { '/staff/kitchen': { auth: true } } });
    expect(() => guardTable([ask, twice])).toThrow(
      'Plugin "bakery" declares the page guard "/staff/kitchen", which Plugin "kitchen" declares',
    );
    expect(() => guardTable([definePages('dash', { guards: { '/staff/dashboard': { auth: true } } })])).toThrow(
      'Plugin "dash" declares the page guard "/staff/dashboard", which The site declares',
    );
  });
});

function definePages(name: string, pages: PluginWithPages['pages']): PluginWithPages {
  return { name, pages };
}

describe('a staff page without a guard of its own', () => {
  it('is named: a page under /staff that only the bare /staff prefix covers', () => {
    const files = [
      'index.astro',
      'staff/dashboard.astro',
      'staff/orders/[id].astro',
      'staff/admin/recruitment/[id]/applications/index.astro',
      'staff/admin/management-statistics/export.csv.ts',
      'staff/secret-recipes.astro',
      'staff/admin/new-feature/index.astro',
    ];
    expect(staffPagesWithoutGuard(files, plugins)).toEqual([
      'staff/secret-recipes.astro',
      'staff/admin/new-feature/index.astro',
    ]);
    const withFeature = [
      ...plugins,
      definePages('new-feature', { guards: { '/staff/admin/new-feature': { auth: true } } }),
    ];
    expect(staffPagesWithoutGuard(files, withFeature)).toEqual(['staff/secret-recipes.astro']);
  });

  it('fails the build: every page of the real site under site/pages/staff declares its guard', () => {
    const pages = path.resolve(import.meta.dirname, '../pages');
    const files = readdirSync(path.join(pages, 'staff'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(astro|ts)$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => `staff/${file.split(path.sep).join('/')}`);
    expect(files.length).toBeGreaterThan(30);
    expect(staffPagesWithoutGuard(files, plugins)).toEqual([]);
  });
});
