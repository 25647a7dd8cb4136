import { PERMISSIONS } from '../../core/shared/permissions.ts';
import { plugins, type Services } from '../../plugins/index.ts';
import { sidebarFor, sidebarLabels } from '../../site/lib/staff-sidebar.ts';
import { expect, fitsPhone, test } from './fixtures.ts';

const sidebar = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Staff' });

test('a chef sees the kitchen entries and Extras; the dashboard greets them with the kitchen now and their work', async ({
  page,
  context,
  diner,
}) => {
  await diner.signIn(context, { username: 'chef_chris', rank: 'Chef' });
  await page.goto('/staff/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), chef_chris$/);
  const entries = sidebar(page).locator('a, button');
  // Premade Message Directory needs the perk DELIVERY_MESSAGE_BETA beside MANAGE_ORDERS: this chef lacks it. The demo
  // Delivery Driver form names the Chef rank among its reviewers (§6), so Management holds Recruitment with that form.
  await expect(entries.locator('.sidebar-label')).toHaveText([
    'Dashboard',
    'Order Manager',
    'Food Lookup',
    'My Achievements',
    'Delivery Driver',
    'Resign',
    'Take a Vacation',
    'Collapse sidebar',
  ]);
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar(page).locator('.menu-label')).toHaveText(['Management', 'Extras']);
  await expect(sidebar(page).locator('.sidebar-menu-title')).toHaveText(['Recruitment']);
  // The dashboard is where a shift starts: the kitchen now, the order held, the week against the last.
  await expect(page.getByRole('heading', { name: 'The kitchen now' })).toBeVisible();
  await expect(page.locator('[data-kitchen-now] [data-figure="waiting"]')).toHaveText(/^\d+$/);
  await expect(page.getByText('You hold no order right now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your work' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
});

test("a super admin sees every entry the site and the plugins' definitions declare, in their order", async ({
  page,
  context,
  diner,
}) => {
  const owner = await diner.signIn(context, { username: 'owner_olive', permissions: ['SUPER_ADMIN'] });
  await page.goto('/staff/dashboard');
  await expect(sidebar(page).locator('.menu-label')).toHaveText(['Management', 'Site Management', 'Extras']);
  // What sidebarFor makes of the plugins this server runs (its order and texts are site/lib/staff-sidebar.test.ts's).
  const viewer = { id: owner.id, ranks: [], permissions: PERMISSIONS.SUPER_ADMIN, perks: [], canResign: true };
  const locals = { plugins, services: diner.app.server.ctx.services, locale: 'en' as const };
  await expect(sidebar(page).locator('.menu-list .sidebar-label')).toHaveText(
    sidebarLabels(await sidebarFor(viewer, locals)),
  );
  // Every entry leads to a page: none answers 404.
  for (const href of await sidebar(page)
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
    expect((await page.request.get(href)).status(), href).not.toBe(404);
  }
  await page.goto('/staff/admin/users');
  await expect(sidebar(page).getByRole('link', { name: 'User Manager' })).toHaveAttribute('aria-current', 'page');
});

test('the dashboard counts the kitchen live, shows the order a chef holds, and a manager the bans to review', async ({
  browser,
  page,
  context,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const scratch = await browser.newContext();
  const customer = await diner.signIn(scratch, { username: 'dash_customer' });
  await scratch.close();
  await diner.signIn(context, { username: 'dash_chef', rank: 'Chef' });
  await page.goto('/staff/dashboard');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const waiting = page.locator('[data-kitchen-now] [data-figure="waiting"]');
  const before = Number(await waiting.textContent());
  const order = await services.orders.orders.createOrder({ customerId: customer.id, item: 'Dashboard dumplings' });
  await expect(waiting).toHaveText(String(before + 1));
  const claimed = await page.request.post(`/api/client/orders/${order.id}/claim`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(claimed.status()).toBe(200);
  await expect(waiting).toHaveText(String(before));
  await page.reload();
  await expect(page.locator('[data-current-order]')).toContainText(`You hold #${order.orderID}: Dashboard dumplings`);
  await expect(page.getByRole('heading', { name: 'Needs a manager' })).toHaveCount(0);
  await fitsPhone(page);

  const managerContext = await browser.newContext();
  const dashManager = await diner.signIn(managerContext, {
    username: 'dash_manager',
    permissions: [
      'VIEW_STAFF_DASHBOARD',
      'MANAGE_USERS',
      'MANAGE_APPEALS',
      'MANAGE_ON_LEAVE_REQUESTS',
      'VIEW_RECRUITMENT_RESPONSE',
    ],
  });
  const manager = await managerContext.newPage();
  await manager.goto('/staff/dashboard');
  // Appeals this manager has not voted on yet, as the Appeal Manager's "mine to vote" filter counts them.
  const me = (await diner.app.server.ctx.sessions.validate(dashManager.token))!.user;
  const { totalAppeals } = await services.appeals.search(me, { filter: 'mine', page: 1, pageSize: 1 });
  await expect(manager.locator('[data-figure="appeals"]')).toHaveText(String(totalAppeals));
  await expect(manager.getByRole('link', { name: /appeals? waiting for your vote/ })).toHaveAttribute(
    'href',
    '/staff/admin/appeals?filter=mine',
  );
  const { total: pendingLeave } = await services.onleave.requests.list(me, {
    status: 'PENDING',
    sort: 'createdAt',
    order: 'desc',
    page: 1,
    pageSize: 1,
  });
  await expect(manager.locator('[data-figure="leave"]')).toHaveText(String(pendingLeave));
  const { total: pendingApplications } = await services.recruitment.applications.applications(me, {
    formId: null,
    filter: 'pending',
    page: 1,
    pageSize: 1,
  });
  await expect(manager.locator('[data-figure="applications"]')).toHaveText(String(pendingApplications));
  // The demo data has banned users: the link leads to the user manager filtered to them.
  await manager.getByRole('link', { name: /active bans? to review/ }).click();
  await expect(manager).toHaveURL(/\/staff\/admin\/users\?banned=yes$/);
  await expect(manager.locator('.data-list tbody tr').first()).toContainText('Banned');
  await managerContext.close();
});

test('a customer is sent away from staff pages', async ({ page, context, diner }) => {
  await diner.signIn(context, { username: 'just_hungry' });
  await page.goto('/staff/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toHaveText(
    'An error occurred: You have insufficient permissions to view that page.',
  );
});

test('desktop: the collapsed sidebar stays collapsed after a reload and expands on hover after 200 ms', async ({
  page,
  context,
  diner,
}) => {
  await diner.signIn(context, { username: 'manager_max', rank: 'Manager' });
  await page.goto('/staff/dashboard');
  const aside = sidebar(page);
  await expect(aside).toHaveCSS('width', '260px');
  await aside.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(aside).toHaveCSS('width', '80px');
  expect(await page.evaluate(() => localStorage.getItem('sidebarActive'))).toBe('false');
  await page.reload();
  await expect(aside).toHaveCSS('width', '80px');
  const panel = aside.locator('[data-sidebar-panel]');
  await page.mouse.move(600, 400);
  // The page itself records when the pointer entered and when the panel expanded: the delay is the spec's 200 ms.
  await panel.evaluate((element) => {
    const marks: { enter?: number; peek?: number } = {};
    (window as unknown as { marks: typeof marks }).marks = marks;
    element.addEventListener('mouseenter', () => (marks.enter = performance.now()));
    new MutationObserver(() => {
      if (element.classList.contains('is-peeking')) marks.peek ??= performance.now();
    }).observe(element, { attributes: true });
  });
  await panel.hover({ position: { x: 40, y: 120 } });
  await expect(panel).toHaveClass(/is-peeking/);
  const { enter, peek } = await page.evaluate(
    () => (window as unknown as { marks: { enter: number; peek: number } }).marks,
  );
  expect(peek - enter).toBeGreaterThanOrEqual(195);
  await expect(panel).toHaveCSS('width', '260px');
  await page.mouse.move(900, 400);
  await expect(panel).not.toHaveClass(/is-peeking/);
  await aside.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(aside).toHaveCSS('width', '260px');
});

test('phone: the sidebar is a drawer, closed on load, opened by the navbar toggle, closed after navigating', async ({
  page,
  context,
  diner,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await diner.signIn(context, { username: 'driver_dee', rank: 'Delivery Driver' });
  await page.goto('/staff/dashboard');
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open staff menu' }).click();
  await expect(sidebar(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open staff menu' }).click();
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await expect(sidebar(page)).toBeHidden();
});

test('in German: the sidebar (the site’s entries and each plugin’s, from its own catalogue), the dashboard and the Resign dialog', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'chef_dora', rank: 'Chef' });
  const page = await context.newPage();
  await page.goto('/staff/dashboard');
  await expect(page).toHaveTitle('Team-Übersicht | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Guten (Morgen|Tag|Abend), chef_dora$/);
  const team = page.getByRole('complementary', { name: 'Team' });
  await expect(team.getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page');
  for (const entry of ['Bestellverwaltung', 'Gerichtesuche', 'Meine Erfolge', 'Urlaub nehmen'])
    await expect(team.getByRole('link', { name: entry })).toBeVisible();
  await expect(team.locator('.menu-label')).toHaveText(['Verwaltung', 'Weiteres']);
  await expect(page.getByRole('heading', { name: 'Die Küche gerade' })).toBeVisible();
  await expect(page.getByText('Du hast gerade keine Bestellung.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deine Arbeit' })).toBeVisible();
  // The island's words: the Resign dialog.
  await team.getByRole('button', { name: 'Kündigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aus dem Team austreten' });
  await expect(dialog.getByRole('switch', { name: 'Ich verstehe und möchte kündigen' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});
