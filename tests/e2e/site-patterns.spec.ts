import type { Browser, BrowserContext, Page } from '@playwright/test';
import { controlsBelowThumbSize, type Diner, expect, expectAccessible, hydrated, test } from './fixtures.ts';
import { ALL_PAGES, CHARLIE_CHEF, type Role, USERS, viewerRoleOf } from './pages.ts';

/**
 * The site's shared patterns (docs/site-patterns.md), checked across the screens: admin lists keep their actions on a
 * phone, and the phone drawer and account menu behave. Every page's axe checks (light and dark), phone width,
 * sideways boxes, touch sizes and links are tests/e2e/pages.spec.ts's. The tests only read (each signs in its own
 * users), so they run in parallel.
 */
test.describe.configure({ mode: 'parallel' });

async function contextFor(
  browser: Browser,
  diner: Diner,
  role: Role,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (role !== 'anonymous') await diner.signIn(context, USERS[role]);
  return context;
}

/** Sam Owner (plugins/users/seed.ts): SUPER_ADMIN with a history in the demo data, so every list has rows to show. */
const SAM_OWNER = '1100000000000000005';

/**
 * pages.spec.ts checks every control's touch size on each staff screen as the least privileged role that may open it.
 * A super admin sees more controls on the kitchen's and a reviewer's screens and on their own manage page (managers'
 * buttons): those screens are checked here as a super admin too.
 */
const SEEN_RICHER = ALL_PAGES.filter(
  (p) => (p.startsWith('/staff') || p.includes('/manage')) && viewerRoleOf(p) !== 'superAdmin',
);
test("touch screens: a super admin's extra controls on the kitchen and reviewer screens are at least 44 px tall", async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await diner.signInAs(context, SAM_OWNER);
  const page = await context.newPage();
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  const small: string[] = [];
  for (const path of SEEN_RICHER) {
    await page.goto(path);
    // Every control is drawn: the server islands have landed and the React islands hydrated.
    await hydrated(page);
    small.push(...(await controlsBelowThumbSize(page)).map((control) => `${path}: ${control}`));
  }
  await context.close();
  expect(small).toEqual([]);
});

test('admin lists on a phone: every row is a card whose actions are on screen, and the list pages', async ({
  browser,
  diner,
}) => {
  const context = await contextFor(browser, diner, 'superAdmin', { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/staff/admin/users?pageSize=10&sort=username&order=asc');
  const rows = page.locator('.data-list tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('list-range')).toHaveText(/^Showing 1–10 of \d+ users$/);
  for (const button of await page.locator('.data-list .list-actions .button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // Each value is labelled by its column on a phone.
  expect(
    await rows
      .first()
      .locator('td[data-label="Status"]')
      .evaluate((td) => getComputedStyle(td, '::before').content),
  ).toBe('"Status"');
  // Sorted by username: the header says so, and the next page continues the order.
  await expect(page.locator('th[aria-sort="ascending"]')).toHaveText(/User/);
  const firstPage = await rows.locator('.admin-user small').allTextContents();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=username/);
  const secondPage = await rows.locator('.admin-user small').allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage[0]!.localeCompare(firstPage.at(-1)!)).toBeGreaterThan(0);
  // A filter that matches nothing: the empty state, with a way back.
  await page.goto('/staff/admin/users?search=nobody-is-called-this');
  await expect(page.getByRole('status').filter({ hasText: 'No user matches these filters.' })).toBeVisible();
  await page.getByRole('link', { name: 'Clear the filters' }).click();
  await expect(page).toHaveURL(/\/staff\/admin\/users$/);
  await context.close();
});

test('the phone drawer: a close button, and the current entry scrolled into view', async ({ browser, diner }) => {
  const context = await contextFor(browser, diner, 'superAdmin', { viewport: { width: 390, height: 500 } });
  const page = await context.newPage();
  await page.goto('/staff/admin/site-management/audit-log');
  await page.getByRole('button', { name: 'Open staff menu' }).click();
  const drawer = page.getByRole('complementary', { name: 'Staff' });
  const current = drawer.locator('[aria-current="page"]');
  await expect(current).toHaveText('Audit Log');
  await expect(current).toBeInViewport();
  await expect(current).toBeFocused();
  await drawer.getByRole('button', { name: 'Close staff menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open staff menu' })).toBeFocused();
  await context.close();
});

test('the phone account menu opens inside the burger menu, in its flow', async ({ browser, diner }) => {
  const context = await contextFor(browser, diner, 'chef', { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/users/${CHARLIE_CHEF}`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('user-menu');
  await menu.locator('summary').click();
  const list = menu.locator('.user-menu-list');
  await expect(list.getByRole('link', { name: 'My Profile' })).toBeVisible();
  expect(await list.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  const menuBox = (await page.locator('#site-menu').boundingBox())!;
  const listBox = (await list.boundingBox())!;
  expect(listBox.y + listBox.height).toBeLessThanOrEqual(menuBox.y + menuBox.height + 1);
  // Readable on the menu's dark panel: light text on it, in either scheme.
  const profile = list.getByRole('link', { name: 'My Profile' });
  const lightness = await profile.evaluate((el) => {
    const [r, g, b] = getComputedStyle(el).color.match(/\d+/g)!.map(Number);
    return (Math.max(r!, g!, b!) + Math.min(r!, g!, b!)) / 2 / 255;
  });
  expect(lightness).toBeGreaterThan(0.8);
  // A phone-only state (the desktop width would close the burger menu): its picture is in `npm run test:visual`.
  await expectAccessible(page);
  await context.close();
});

test('phones: in every card list the titles start where the labels do, and an id is never broken across lines', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const lists: [string, string][] = [
    [SAM_OWNER, '/staff/admin/teams'],
    [SAM_OWNER, '/staff/admin/recruitment/applications'],
    [SAM_OWNER, '/staff/admin/appeals?filter=all'],
    [SAM_OWNER, '/staff/admin/users?pageSize=10'],
    [CHARLIE_CHEF, '/staff/take-a-break'],
  ];
  for (const [user, path] of lists) {
    await diner.signInAs(context, user);
    await page.goto(path);
    // For each card: where its title's text starts and where its first label starts, from the card's left edge.
    const cards = await page.locator('.data-list tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const left = row.getBoundingClientRect().left;
        const title = document.createRange();
        title.selectNodeContents(row.querySelector('.list-primary')!);
        const label = row.querySelector('[data-label]')!.getBoundingClientRect();
        return { title: Math.round(title.getBoundingClientRect().left - left), label: Math.round(label.left - left) };
      }),
    );
    expect(cards.length, path).toBeGreaterThan(1);
    for (const card of cards)
      expect(card, `${path}: ${JSON.stringify(cards)}`).toEqual({ title: cards[0]!.label, label: cards[0]!.label });
  }
  // A user id next to a name stays whole (one line).
  await diner.signInAs(context, SAM_OWNER);
  await page.goto('/staff/admin/appeals?filter=all');
  for (const id of await page.locator('.data-list tbody .list-primary small').all()) {
    const lines = await id.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, `${await id.textContent()} on ${lines} lines`).toBe(1);
  }
  await context.close();
});

test('phones: focus never lands on the hidden column headers; a Sort by control sorts the list', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await diner.signInAs(context, SAM_OWNER);
  const page = await context.newPage();
  await page.goto('/staff/admin/users?pageSize=10');
  // From the filter bar's last button, Tab walks on: every stop until the first card is something the user sees.
  await page.getByRole('search', { name: 'Find users' }).getByRole('button', { name: 'Search' }).focus();
  const firstCard = page.locator('.data-list tbody tr').first();
  const focusStop = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const seen = hit !== null && (hit === el || el.contains(hit) || (hit.contains(el) && hit.tagName === 'LABEL'));
      return {
        seen: seen
          ? 'on screen'
          : `focus on ${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}", which is not on screen`,
        inCard: !!el.closest('tbody'),
      };
    });
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    if ((await focusStop()).inCard) break;
    // The page scrolls smoothly to what takes the focus: on screen once the scroll ends.
    await expect.poll(async () => (await focusStop()).seen).toBe('on screen');
  }
  await expect(firstCard).toBeVisible();
  // Sorting without the headers: by username, A to Z.
  await page.getByLabel('Sort by').selectOption({ label: 'User' });
  await page.getByLabel('Order').selectOption({ label: 'Ascending' });
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/sort=username/);
  await expect(page).toHaveURL(/order=asc/);
  await expect(page).toHaveURL(/pageSize=10/);
  await expect(page.getByLabel('Sort by')).toHaveValue('username');
  const names = await page.locator('.data-list tbody .admin-user small').allTextContents();
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  // A desktop sorts by the headers: the phone's control is not there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByLabel('Sort by')).toBeHidden();
  await expect(page.getByRole('columnheader', { name: /User/ }).getByRole('link')).toBeVisible();
  await context.close();
});

/**
 * What a phone shows of the list pattern on one page (docs/site-patterns.md §1), as drawn now at 390 px: tables that
 * stay tables outside a focusable, named region; sortable lists without a way to sort on a phone; cards whose title
 * does not start where their labels do; ids (snowflakes) broken across lines; and controls the keyboard reaches that
 * the eye cannot see once they have the focus.
 */
function phoneListProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (el: Element) => (el as HTMLElement).checkVisibility() && !el.closest('.is-sr-only');
    const name = (table: Element) => table.querySelector('caption')?.textContent?.trim() || table.className;
    for (const table of [...document.querySelectorAll('main table')].filter(shown)) {
      const rows = [...table.querySelectorAll<HTMLElement>(':scope > tbody > tr')].filter(shown);
      if (rows.length === 0) continue;
      const region = table.closest('[role="region"][tabindex="0"]:is([aria-label], [aria-labelledby])');
      if (getComputedStyle(rows[0]!).display === 'table-row' && !region)
        problems.push(`"${name(table)}" stays a table, outside a focusable named region`);
      if (!table.matches('.data-list')) continue;
      // Sortable by its headers on a desktop: a phone has the Sort picker (the headers are hidden there).
      const picker = document.querySelector('form[aria-label="Sort the list"]');
      if (table.querySelector('thead a') && !picker?.checkVisibility())
        problems.push(`"${name(table)}" sorts by its headers, and a phone has no Sort picker`);
      // Every card's title starts where the labels do, from the card's left edge.
      const starts = rows
        .filter((row) => row.querySelector('.list-primary') && row.querySelector('[data-label]'))
        .map((row) => {
          const left = row.getBoundingClientRect().left;
          const title = document.createRange();
          title.selectNodeContents(row.querySelector('.list-primary')!);
          const label = row.querySelector('[data-label]')!.getBoundingClientRect();
          return { title: Math.round(title.getBoundingClientRect().left - left), label: Math.round(label.left - left) };
        });
      const edge = starts[0]?.label;
      for (const start of starts)
        if (start.title !== edge || start.label !== edge)
          problems.push(`"${name(table)}": a card's title ${start.title} px and label ${start.label} px from its edge`);
    }
    // A snowflake (16 to 20 digits) on screen is on one line.
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !shown(node.parentElement)) continue;
      for (const match of node.textContent!.matchAll(/\d{16,20}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        if (lines > 1) problems.push(`${match[0]} broken across ${lines} lines`);
      }
    }
    // Every control the keyboard reaches is seen once it has the focus.
    const reachable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => el.tabIndex >= 0 && !el.matches(':disabled') && !el.closest('[inert]') && el.checkVisibility());
    for (const el of reachable) {
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const labels = [...((el as HTMLInputElement).labels ?? [])];
      // A link that wraps is seen on one of its lines: the middle of its whole box may fall between them.
      const seen = [...el.getClientRects()].some((box) => {
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return (
          box.width > 1 &&
          box.height > 1 &&
          hit !== null &&
          (el.contains(hit) || labels.some((label) => label.contains(hit) || hit.contains(label)))
        );
      });
      if (!seen) {
        const what = (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40);
        problems.push(`focus on ${el.tagName.toLowerCase()} "${what}", which is not seen`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return problems;
  });
}

test('phones: every signed-in page follows the list pattern, sorts without its headers, keeps ids whole and shows the focus', async ({
  browser,
  diner,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const walk: [string, string][] = [
    ...ALL_PAGES.filter((path) => viewerRoleOf(path) !== 'anonymous').map((path): [string, string] => [
      SAM_OWNER,
      path,
    ]),
    [SAM_OWNER, '/staff/admin/settings?tab=store'],
    [SAM_OWNER, '/staff/admin/appeals?filter=all'],
    [CHARLIE_CHEF, '/staff/take-a-break'],
    [CHARLIE_CHEF, '/staff/orders'],
  ];
  const problems: string[] = [];
  let signedIn = '';
  for (const [user, path] of walk) {
    if (user !== signedIn) await diner.signInAs(context, user);
    signedIn = user;
    await page.goto(path);
    await hydrated(page);
    problems.push(...(await phoneListProblems(page)).map((problem) => `${path}: ${problem}`));
  }
  await context.close();
  expect(problems).toEqual([]);
});
