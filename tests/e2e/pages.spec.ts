import type { Browser, Page, Response } from '@playwright/test';
import { OrderSchema } from '../../plugins/orders/entities.ts';
import { RankSchema } from '../../plugins/ranks/entities.ts';
import { cspProblems, visitAll, watchCsp, watchCspConsole } from './csp.ts';
import { controlsBelowThumbSize, type Diner, expect, expectAccessible, test } from './fixtures.ts';
import { ALL_PAGES, type Role, VIEWERS, viewerRoleOf } from './pages.ts';

/**
 * Every page once, as the least privileged role that may open it (one role per permission class: a visitor, a
 * customer, a chef, a super admin; signed-in roles are demo users with a history, so pages are checked full):
 * - it renders with the site's shell, and breaks nothing in the Content-Security-Policy (./csp.ts);
 * - axe finds no serious problem in the light and the dark scheme;
 * - nothing is wider than a 390 px phone, and every box that scrolls sideways (at 390 and 1280 px) can be reached
 *   with the keyboard and is named;
 * - on the staff and admin screens, every control is at least 44 px tall on a touch screen;
 * - no link on it leads to a page that does not exist.
 * Journeys check journeys; this is where every page's look is checked. The pages only read, so they run in parallel,
 * and a worker opens a role's pages one after another in the same tab.
 */
test.describe.configure({ mode: 'parallel' });

interface Tab {
  page: Page;
  cspConsole: string[];
}

/** This worker's tab per role, for the server it has now (a worker moving to another file gets a new one). */
let tabs: { diner: Diner; byRole: Map<Role, Promise<Tab>> } | null = null;

async function openTab(browser: Browser, diner: Diner, role: Role): Promise<Tab> {
  const context = await browser.newContext();
  if (role !== 'anonymous') await diner.signInAs(context, VIEWERS[role]);
  await watchCsp(context);
  const page = await context.newPage();
  return { page, cspConsole: watchCspConsole(page) };
}

async function tabFor(browser: Browser, diner: Diner, role: Role): Promise<Tab> {
  if (tabs?.diner !== diner) {
    await closeTabs();
    tabs = { diner, byRole: new Map() };
  }
  let tab = tabs.byRole.get(role);
  if (!tab) {
    tab = openTab(browser, diner, role);
    tabs.byRole.set(role, tab);
  }
  return tab;
}

async function closeTabs(): Promise<void> {
  for (const tab of tabs?.byRole.values() ?? []) await (await tab).page.context().close();
  tabs = null;
}

test.afterAll(closeTabs);

/** Links this worker has already followed as a role: the navbar and footer repeat on every page. */
const followed = new Set<string>();

const TOUCH_PAGES = new Set(ALL_PAGES.filter((p) => p.startsWith('/staff') || p.includes('/manage')));

async function expectShell(page: Page, role: Role): Promise<void> {
  const footer = page.locator('footer.site-footer');
  // Recruitment only for someone signed in (§2); every link leads to a page that exists.
  const recruitment = role === 'anonymous' ? [] : ['Recruitment'];
  await expect(footer.getByRole('link')).toHaveText([
    'Invite',
    'Appeal',
    ...recruitment,
    'Privacy Policy',
    'Login',
    'Our Team',
    'Discord community',
  ]);
  await expect(footer).toContainText('the number 1 home for virtual fast food');
  await expect(footer).toContainText(`2017–${new Date().getFullYear()}`);
  await expect(page.getByTestId('announcement')).toBeVisible();
}

/** The boxes that scroll sideways but that a keyboard cannot reach or a screen reader cannot name. */
function unreachableScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *:not(input, textarea, select)')]
      .filter(
        (el) =>
          ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) &&
          el.scrollWidth > el.clientWidth + 1 &&
          el.checkVisibility(),
      )
      .filter((el) => !(el.tabIndex >= 0 && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'))))
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${el.scrollWidth} in ${el.clientWidth} px)`,
      ),
  );
}

/** The controls shorter than a thumb (44 px, docs/site-patterns.md) while the page is on a touch screen. */
async function smallControlsOnTouch(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  try {
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'the touch screen is on').toBe(true);
    return await controlsBelowThumbSize(page);
  } finally {
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await cdp.detach();
  }
}

/** At a 390 px phone: nothing wider than the screen, sideways boxes reachable, and (staff screens) thumb-sized controls. */
async function expectFitsPhone(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${path} at 390 px is wider than the screen`,
    })
    .toBeLessThanOrEqual(390);
  expect(await unreachableScrollers(page), `sideways boxes on ${path} at 390 px`).toEqual([]);
  if (TOUCH_PAGES.has(path))
    expect(await smallControlsOnTouch(page), `small controls on ${path} on a touch screen`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function expectLinksLead(page: Page, path: string, role: Role): Promise<void> {
  const links = await page
    .locator('a[href^="/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('#')[0]!));
  for (const href of new Set(links)) {
    if (href === '/api/auth/logout' || followed.has(`${role} ${href}`)) continue;
    followed.add(`${role} ${href}`);
    expect(
      (await page.request.get(href, { maxRedirects: 0 })).status(),
      `${href} (linked from ${path} as ${role})`,
    ).not.toBe(404);
  }
}

for (const path of ALL_PAGES) {
  const role = viewerRoleOf(path);
  test(`${path} as ${role}: shell, CSP, axe light and dark, fits a phone, its links lead somewhere`, async ({
    browser,
    diner,
  }) => {
    const { page, cspConsole } = await tabFor(browser, diner, role);
    await page.emulateMedia({ colorScheme: 'light' });
    const response: Response | null = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Waits for the server islands (the user menu, live figures) and the React islands: part of what is checked.
    expect(await cspProblems(page, response, cspConsole)).toEqual([]);
    await expectShell(page, role);
    expect(await unreachableScrollers(page), `sideways boxes on ${path} at 1280 px`).toEqual([]);
    await expectAccessible(page);
    await expectFitsPhone(page, path);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    await expectLinksLead(page, path, role);
  });
}

/** Blake Banned (plugins/users/seed.ts): every page answers with the ban page. */
const BLAKE_BANNED = '1100000000000000006';

/**
 * Documents a visitor meets that are not pages of the list: the sign-in callback, the offline page, the not-found and
 * forbidden answers, the ban page, and a record's own page. Their policy is checked here; their look, where they have
 * one of their own, by their journeys (error-page, live-ban, kitchen-admin, rank-manager).
 */
const OTHER_DOCUMENTS: { who: string; userId: string | null; paths: (diner: Diner) => Promise<string[]> }[] = [
  {
    who: 'a visitor',
    userId: null,
    paths: async () => ['/login/callback', '/offline', '/no-such-page', '/staff/dashboard'],
  },
  { who: 'a customer', userId: VIEWERS.customer, paths: async () => ['/staff/dashboard', '/login'] },
  { who: 'a banned user', userId: BLAKE_BANNED, paths: async () => ['/banned', '/', '/staff/orders'] },
  {
    who: 'a super admin',
    userId: VIEWERS.superAdmin,
    paths: async (diner) => {
      const em = diner.app.server.ctx.orm.em.fork();
      const [order] = await em.find(OrderSchema, {}, { limit: 1 });
      const [rank] = await em.find(RankSchema, {}, { limit: 1 });
      return [`/staff/orders/${order!.id}`, `/staff/admin/rank-manager/${rank!.id}`];
    },
  },
];

for (const { who, userId, paths } of OTHER_DOCUMENTS) {
  test(`the documents ${who} meets outside the page list break nothing in the Content-Security-Policy`, async ({
    browser,
    diner,
  }) => {
    await visitAll(browser, diner, who, userId, await paths(diner));
  });
}
