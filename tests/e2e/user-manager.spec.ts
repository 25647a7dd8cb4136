import { expect, expectAccessible, fitsPhone, test } from './fixtures.ts';

test("a manager bans a user from the user manager; that user's next page load shows the ban page; the ban is lifted", async ({
  browser,
  diner,
}) => {
  const targetContext = await browser.newContext();
  const target = await targetContext.newPage();
  await diner.signIn(targetContext, { username: 'greedy_gary' });
  await target.goto(`${diner.url}/`);
  await expect(target.getByTestId('user-menu')).toContainText('greedy_gary');

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await manager.goto(`${diner.url}/login?redirect=%2Fstaff%2Fadmin%2Fusers`);
  await manager.getByRole('button', { name: /Morgan Manager/ }).click();
  await expect(manager).toHaveURL(/\/staff\/admin\/users$/);
  await expectAccessible(manager);
  await fitsPhone(manager);

  // Only rows the manager may act on offer actions: not their own, not the owner's. (Searched one by one: the
  // first page holds the newest users, and other tests make many.)
  const search = async (text: string) => {
    await manager.getByLabel('Search').fill(text);
    await manager.getByRole('button', { name: 'Search' }).click();
    await expect(manager.getByTestId('list-range')).toHaveText('1 user');
  };
  await search('Morgan Manager');
  await expect(manager.locator('tr', { hasText: 'Morgan Manager' })).toHaveCount(1);
  await expect(manager.locator('tr', { hasText: 'Morgan Manager' }).getByRole('link', { name: 'Ban' })).toHaveCount(0);
  await search('Sam Owner');
  await expect(manager.locator('tr', { hasText: 'Sam Owner' })).toHaveCount(1);
  await expect(manager.locator('tr', { hasText: 'Sam Owner' }).getByRole('link', { name: 'Ban' })).toHaveCount(0);
  await search('Charlie Chef');
  await expect(
    manager.locator('tr', { hasText: 'Charlie Chef' }).getByRole('link', { name: 'Remove staff' }),
  ).toBeVisible();

  await manager.getByLabel('Search').fill('greedy');
  await manager.getByRole('button', { name: 'Search' }).click();
  await expect(manager.getByTestId('list-range')).toHaveText('1 user');
  await manager.getByRole('link', { name: 'Ban', exact: true }).click();
  await expect(manager.getByRole('heading', { name: 'Ban user' })).toBeVisible();
  await manager.getByLabel('Reason').fill('Ordering 400 burgers at once');
  await manager.getByLabel('Permanent').check();
  await manager.getByRole('button', { name: 'Ban user' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Ban saved.');
  await expect(manager.locator('tr', { hasText: 'greedy_gary' }).getByText('Banned')).toBeVisible();

  await target.reload();
  await expect(target.getByRole('heading', { level: 1 })).toContainText(
    'You are currently banned from this website for the following reason: Ordering 400 burgers at once This ban is permanent.',
  );

  await manager.locator('tr', { hasText: 'greedy_gary' }).getByRole('link', { name: 'Edit ban' }).click();
  await expect(manager.getByTestId('current-ban')).toContainText('Banned permanently: Ordering 400 burgers at once');
  await manager.getByRole('button', { name: 'Lift ban' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Ban lifted.');
  await target.reload();
  await expect(target.getByRole('heading', { level: 1 })).toHaveText('Virtual Diner');

  await targetContext.close();
  await managerContext.close();
});

test('a manager edits a ban: it needs an end unless it is permanent; the new reason and end are saved', async ({
  browser,
  page,
  diner,
}) => {
  const scratch = await browser.newContext();
  const { id } = await diner.signIn(scratch, { username: 'edited_eddie' });
  await scratch.close();
  await page.goto(`/login?redirect=${encodeURIComponent(`/staff/admin/users/${id}/ban`)}`);
  await page.getByRole('button', { name: /Morgan Manager/ }).click();
  await expect(page.getByRole('heading', { name: 'Ban user' })).toBeVisible();
  await page.getByLabel('Reason').fill('Sent the soup back nine times');
  await page.getByLabel('Permanent').check();
  await page.getByRole('button', { name: 'Ban user' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Ban saved.');

  await page.goto(`/staff/admin/users/${id}/ban`);
  await expect(page.getByRole('heading', { name: 'Edit ban' })).toBeVisible();
  await expect(page.getByLabel('Reason')).toHaveValue('Sent the soup back nine times');
  await expect(page.getByLabel('Permanent')).toBeChecked();
  await page.getByLabel('Reason').fill('Sent the soup back ten times');
  await page.getByLabel('Permanent').uncheck();
  await page.getByRole('button', { name: 'Save ban' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Choose when the ban expires, or make it permanent.');
  await page.getByLabel('Expires (UTC)').fill('2099-01-31T12:00');
  await page.getByRole('button', { name: 'Save ban' }).click();
  await expect(page).toHaveURL(/\/staff\/admin\/users$/);
  await expect(page.getByTestId('toast')).toHaveText('Ban saved.');
  await page.goto(`/staff/admin/users/${id}/ban`);
  await expect(page.getByTestId('current-ban')).toContainText(
    'Banned until Sat, 31 Jan 2099 12:00:00 GMT: Sent the soup back ten times',
  );
  await expect(page.getByLabel('Expires (UTC)')).toHaveValue('2099-01-31T12:00');
  await expect(page.getByLabel('Permanent')).not.toBeChecked();
});

test('a chef opening the user manager lands on /?error=insufficient_permissions with the toast', async ({ page }) => {
  await page.goto('/login?redirect=%2Fstaff%2Fadmin%2Fusers');
  await page.getByRole('button', { name: /Charlie Chef/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toHaveText(
    'An error occurred: You have insufficient permissions to view that page.',
  );
});

test('a user manager route with an invalid ID renders the 404 page', async ({ page }) => {
  await page.goto('/login?redirect=%2Fstaff%2Fadmin%2Fusers%2Fnot-an-id%2Fban');
  await page.getByRole('button', { name: /Sam Owner/ }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
});

test('a manager who reads German bans a user in German: the list, the ban form, its check and its toast', async ({
  browser,
  diner,
}) => {
  const scratch = await browser.newContext();
  const { id } = await diner.signIn(scratch, { username: 'gesperrter_gustav' });
  await scratch.close();
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'manager_margit', rank: 'Manager' });
  const page = await context.newPage();
  await page.goto('/staff/admin/users?search=gesperrter_gustav');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nutzerverwaltung');
  const row = page.locator(`tr[data-user-id="${id}"]`);
  await expect(row).toContainText('Aktiv');
  await row.getByRole('link', { name: 'Sperren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nutzer sperren');
  await page.getByLabel('Grund').fill('Hat die Suppe neunmal zurückgeschickt');
  await page.getByRole('button', { name: 'Nutzer sperren' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Wähle, wann die Sperre abläuft, oder mach sie dauerhaft.');
  await page.getByLabel('Dauerhaft').check();
  await page.getByRole('button', { name: 'Nutzer sperren' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Sperre gespeichert.');
  await expect(page).toHaveURL(/\/staff\/admin\/users$/);
  await page.goto('/staff/admin/users?search=gesperrter_gustav');
  await expect(row).toContainText('Gesperrt');
  await expect(row.getByRole('link', { name: 'Sperre bearbeiten' })).toBeVisible();
  await context.close();
});

test('the owner reads Online Users and the audit log in French, the live count included', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signInAs(context, '1100000000000000005');
  const page = await context.newPage();
  await page.goto('/staff/admin/online-users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utilisateurs en ligne');
  await expect(page.locator('[data-online-count]')).toHaveText(/^\d+ personnes? en ligne maintenant$/);
  await expect(page.getByRole('columnheader', { name: 'En ligne depuis (UTC)' })).toBeAttached();
  await page.goto('/staff/admin/site-management/audit-log');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Journal d’audit');
  await expect(page.getByLabel('Qui (ID utilisateur)')).toBeVisible();
  await context.close();
});
