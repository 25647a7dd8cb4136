import type { BrowserContext } from '@playwright/test';
import type { Services } from '../../plugins/index.ts';
import { addDays, formatLeaveDay } from '../../plugins/onleave/schemas.ts';
import { callsTo, checkState, expect, expectAccessible, fitsPhone, test } from './fixtures.ts';
import { openManager } from './kitchen.ts';

test('a chef asks for leave, a manager approves it, and the chef cannot join the delivery queue while away', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const today = services.onleave.requests.today();
  const until = addDays(today, 2);
  const [chefContext, managerContext] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  await diner.signIn(chefContext, { username: 'chef_luca', rank: 'Chef' });
  await diner.signIn(managerContext, { username: 'manager_mia', rank: 'Manager' });

  // The chef asks for three days from today.
  const chef = await chefContext.newPage();
  await chef.goto('/staff/take-a-break');
  await expect(chef.getByRole('heading', { level: 1 })).toHaveText('Take a Vacation');
  await expect(chef.getByLabel('First day away')).toHaveValue(today);
  await chef.getByLabel('Last day away').fill(until);
  // A reason of spaces passes the browser's length check, not the route's schema: its message, and no call.
  const leaveCalls = callsTo(chef, /^\/api\/client\/onleave\/requests/);
  await chef.getByLabel('Reason').fill('          ');
  await chef.getByRole('button', { name: 'Request leave' }).click();
  await expect(chef.getByTestId('toast')).toHaveText('Invalid body.request.reason: A reason is at least 3 characters.');
  expect(leaveCalls).toEqual([]);
  await chef.getByLabel('Reason').fill('Visiting my grandparents for a few days.');
  await chef.getByRole('button', { name: 'Request leave' }).click();
  await expect(chef.getByTestId('toast')).toHaveText('Leave requested: a manager will look at it.');
  const mine = chef.locator('tr', { hasText: 'Visiting my grandparents' });
  await expect(mine.locator('.tag')).toHaveText('Pending');
  await expect(mine.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // The chef's own pending request, with its Cancel: a state no page load shows.
  await checkState(chef);

  // The manager finds it among the pending requests and approves it with a note.
  const manager = await managerContext.newPage();
  await manager.goto('/staff/admin/on-leave-requests');
  await manager.getByLabel('Status').selectOption('PENDING');
  await manager.getByRole('button', { name: 'Search' }).click();
  const row = manager.locator('tr', { hasText: 'chef_luca' });
  await expect(row.locator('.tag')).toHaveText('Pending');
  await expect(manager.getByTestId('on-leave-now')).toContainText('Charlie Chef');
  await row.getByText('Decide').click();
  await row.getByLabel('Note for chef_luca').fill('Have a lovely time, we will cover your shifts.');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Leave approved.');
  await expect(manager.getByTestId('on-leave-now')).toContainText(`chef_luca until ${formatLeaveDay(until)}`);
  await expect(manager.getByTestId('returning')).toContainText('chef_luca');

  // The chef is on leave: the order manager refuses to put them in the delivery queue, saying until when.
  const kitchen = await openManager(chefContext);
  await kitchen.getByRole('button', { name: 'Join delivery queue' }).click();
  await expect(kitchen.getByTestId('toast')).toHaveText(`You are on leave until ${formatLeaveDay(until)}.`);
  await expect(kitchen.getByRole('button', { name: 'Join delivery queue' })).toBeVisible();
  await chef.reload();
  await expect(chef.getByTestId('on-leave-now')).toContainText(`You are on leave until ${formatLeaveDay(until)}`);
  await expect(mine.locator('.tag')).toHaveText('Approved');
  await expect(mine).toContainText('Have a lovely time');

  await Promise.all([chefContext.close(), managerContext.close()]);
});

test('a manager puts a driver on leave from the create page; the user manager and the profile say until when', async ({
  page,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const today = services.onleave.requests.today();
  const driver = await diner.signIn(await page.context().browser()!.newContext(), {
    username: 'driver_dev',
    rank: 'Delivery Driver',
  });
  await diner.signIn(page.context(), { username: 'manager_max', rank: 'Manager' });

  await page.goto('/staff/admin/on-leave-requests/create');
  await page.getByRole('searchbox', { name: 'Staff member' }).fill('driver_dev');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: 'Choose driver_dev' }).click();
  await page.getByLabel('Last day away').fill(addDays(today, 1));
  await page.getByLabel('Reason').fill('Agreed at the team meeting.');
  await expectAccessible(page);
  await fitsPhone(page);
  await page.getByRole('button', { name: 'Create leave' }).click();
  await expect(page).toHaveURL(/\/staff\/admin\/on-leave-requests$/);
  await expect(page.getByTestId('toast')).toHaveText('Leave created.');
  const leave = page.locator('tr', { hasText: 'driver_dev' });
  await expect(leave.locator('.tag')).toHaveText('Approved');

  await page.goto(`/users/${driver.id}`);
  await expect(page.getByTestId('on-leave')).toHaveText(`On leave until ${formatLeaveDay(addDays(today, 1))}`);
  await page.goto('/staff/admin/users?search=driver_dev');
  await expect(page.locator('tr', { hasText: 'driver_dev' })).toContainText('On leave until');

  // The leave has begun: the manager ends it (asked first), and the profile no longer says so.
  await page.goto('/staff/admin/on-leave-requests');
  page.once('dialog', (dialog) => dialog.accept());
  await leave.getByRole('button', { name: 'End leave' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Leave request cancelled.');
  await expect(leave.locator('.tag')).toHaveText('Cancelled');
  await page.goto(`/users/${driver.id}`);
  await expect(page.getByTestId('on-leave')).toHaveCount(0);
});

test('a staff search the user filter refuses (a NUL) finds nobody instead of failing, on the leave and Team Manager pages', async ({
  page,
  diner,
}) => {
  await diner.signIn(page.context(), { username: 'manager_nul', rank: 'Manager', permissions: ['MANAGE_TEAMS'] });
  const leave = await page.goto('/staff/admin/on-leave-requests/create?search=%00');
  expect(leave?.status()).toBe(200);
  await expect(page.getByTestId('no-match')).toBeVisible();
  const {
    teams: [team],
  } = (await (await page.request.get('/api/client/teams')).json()) as { teams: { _id: string }[] };
  if (!team) throw new Error('The demo data has no team');
  const teams = await page.goto(`/staff/admin/teams?team=${team._id}&search=%00`);
  expect(teams?.status()).toBe(200);
});

test('Take a Vacation in German: the page, the form and what it says once asked', async ({ browser, diner }) => {
  const services = diner.app.server.ctx.services as Services;
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'chef_greta', rank: 'Chef' });
  const page = await context.newPage();
  await page.goto('/staff/take-a-break');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Urlaub nehmen');
  await expect(page.getByText('Du hast noch keinen Urlaub beantragt.')).toBeVisible();
  await page.getByLabel('Letzter Urlaubstag').fill(addDays(services.onleave.requests.today(), 1));
  // A reason of spaces: the route's schema refuses it before any call, in the page's language (its own message).
  const leaveCalls = callsTo(page, /^\/api\/client\/onleave\/requests/);
  await page.getByLabel('Grund').fill('          ');
  await page.getByRole('button', { name: 'Urlaub beantragen' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    'Ungültiges body.request.reason: Ein Grund hat mindestens 3 Zeichen.',
  );
  expect(leaveCalls).toEqual([]);
  await page.getByLabel('Grund').fill('Familienbesuch über das Wochenende.');
  await page.getByRole('button', { name: 'Urlaub beantragen' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Urlaub beantragt: Eine Führungskraft sieht ihn sich an.');
  const mine = page.locator('tr', { hasText: 'Familienbesuch' });
  await expect(mine.locator('.tag')).toHaveText('Ausstehend');
  await expect(mine.getByRole('button', { name: 'Zurückziehen' })).toBeVisible();
  await expect(page.getByTestId('list-range')).toHaveText('1 Antrag');
  await context.close();
});

test('a manager who reads French decides a request in French: the list, the Decide form and its toast', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const today = services.onleave.requests.today();
  const chefContext = await browser.newContext();
  const chef = await diner.signIn(chefContext, { username: 'chef_lea', rank: 'Chef' });
  const { sessions } = diner.app.server.ctx;
  const asChef = (await sessions.validate((await sessions.create(chef.id)).token))!.user;
  await services.onleave.requests.submit(asChef, { from: today, until: addDays(today, 1), reason: 'Un mariage.' });
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signIn(context, { username: 'manager_manon', rank: 'Manager' });
  const page = await context.newPage();
  await page.goto('/staff/admin/on-leave-requests');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demandes de congé');
  await expect(page.getByRole('link', { name: 'Mettre quelqu’un en congé' })).toBeVisible();
  const row = page.locator('tr', { hasText: 'chef_lea' });
  await expect(row.locator('.tag')).toHaveText('En attente');
  await row.getByText('Décider').click();
  await row.getByLabel('Note pour chef_lea').fill('Profitez bien.');
  await row.getByRole('button', { name: 'Refuser' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Congé refusé.');
  await expect(row.locator('.tag')).toHaveText('Refusé');
  await Promise.all([chefContext.close(), context.close()]);
});
