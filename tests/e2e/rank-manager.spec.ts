import { expect, expectAccessible, hydrated, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/login?redirect=%2Fstaff%2Fadmin%2Frank-manager');
  await page.getByRole('button', { name: /Sam Owner/ }).click();
  await expect(page).toHaveURL(/\/staff\/admin\/rank-manager$/);
  // The list is an island: a key pressed on a row or a row dragged before it is interactive would do nothing.
  await hydrated(page);
});

const names = (page: import('@playwright/test').Page) =>
  page.locator('#rank-list li').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

test('reordering by keyboard persists after a reload', async ({ page }) => {
  expect(await names(page)).toEqual(['Owner', 'Director', 'Manager', 'Delivery Driver', 'Chef', 'Trainee Chef']);
  // Disabled until the order changes, and it says why.
  await expect(page.getByRole('button', { name: 'Save order' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save order' })).toHaveAccessibleDescription(
    'Move a rank first: the order is as saved.',
  );
  await page.getByRole('listitem', { name: 'Trainee Chef' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('button', { name: 'Save order' })).toBeEnabled();
  await expect(page.getByText('Move a rank first: the order is as saved.')).toBeHidden();
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank order saved.');
  await page.reload();
  expect(await names(page)).toEqual(['Owner', 'Director', 'Manager', 'Delivery Driver', 'Trainee Chef', 'Chef']);
  // And back by the buttons, so the demo ladder is as it was.
  await page.getByRole('button', { name: 'Move Chef up' }).click();
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank order saved.');
  await page.reload();
  expect(await names(page)).toEqual(['Owner', 'Director', 'Manager', 'Delivery Driver', 'Chef', 'Trainee Chef']);
});

test('reordering by drag and drop persists after a reload', async ({ page }) => {
  await page
    .getByRole('listitem', { name: 'Trainee Chef' })
    .dragTo(page.getByRole('listitem', { name: 'Delivery Driver' }), { targetPosition: { x: 10, y: 2 } });
  expect(await names(page)).toEqual(['Owner', 'Director', 'Manager', 'Trainee Chef', 'Delivery Driver', 'Chef']);
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank order saved.');
  await page.reload();
  expect(await names(page)).toEqual(['Owner', 'Director', 'Manager', 'Trainee Chef', 'Delivery Driver', 'Chef']);
  await page
    .getByRole('listitem', { name: 'Trainee Chef' })
    .dragTo(page.getByRole('listitem', { name: 'Chef', exact: true }), { targetPosition: { x: 10, y: 40 } });
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank order saved.');
});

test('the arrows move a rank and keep it focused; Save order is disabled again once the order is back as saved', async ({
  page,
}) => {
  const save = page.getByRole('button', { name: 'Save order' });
  await page.getByRole('button', { name: 'Move Director down' }).click();
  await expect
    .poll(() => names(page))
    .toEqual(['Owner', 'Manager', 'Director', 'Delivery Driver', 'Chef', 'Trainee Chef']);
  await expect(page.getByRole('listitem', { name: 'Director' })).toBeFocused();
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: 'Move Director up' }).click();
  await expect
    .poll(() => names(page))
    .toEqual(['Owner', 'Director', 'Manager', 'Delivery Driver', 'Chef', 'Trainee Chef']);
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('Move a rank first: the order is as saved.');
  await expect(page.getByText('Move a rank first: the order is as saved.')).toBeVisible();
});

test('creates a rank with labelled permission checkboxes, edits it, deletes it', async ({ page }) => {
  await page.getByRole('link', { name: 'Create rank' }).click();
  await page.getByLabel('Name').fill('Night Shift');
  await page.getByLabel('Manage orders').check();
  await page.getByLabel('View food lookup').check();
  await page.getByLabel('Holders may resign through the website').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create rank' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank created.');
  await expect(page.getByRole('listitem', { name: 'Night Shift' })).toContainText('2 permissions · may resign');

  await page.getByRole('listitem', { name: 'Night Shift' }).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Manage orders')).toBeChecked();
  await page.getByLabel('Manage users').check();
  await page.getByRole('button', { name: 'Save rank' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank saved.');
  await expect(page.getByRole('listitem', { name: 'Night Shift' })).toContainText('3 permissions');

  await page.getByRole('listitem', { name: 'Night Shift' }).getByRole('link', { name: 'Edit' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete rank' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank deleted.');
  await expect(page.getByRole('listitem', { name: 'Night Shift' })).toHaveCount(0);
});

test("a new rank lands just below its creator's highest rank, not above Owner, and Our Team still starts with Owner", async ({
  page,
  diner,
}) => {
  await page.getByRole('link', { name: 'Create rank' }).click();
  await page.getByLabel('Name').fill('Sous Chef');
  await page.getByLabel('Manage orders').check();
  await page.getByRole('button', { name: 'Create rank' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Rank created.');
  // Sam Owner's highest rank is Owner: the new rank goes right below it.
  expect(await names(page)).toEqual([
    'Owner',
    'Sous Chef',
    'Director',
    'Manager',
    'Delivery Driver',
    'Chef',
    'Trainee Chef',
  ]);

  // Someone holds it, so Our Team shows it: after Owner, not before.
  const services = diner.app.server.ctx.services as import('../../plugins/index.ts').Services;
  const owner = (await diner.app.server.ctx.sessions.validate(
    (
      await diner.app.server.ctx.sessions.create('1100000000000000005')
    ).token,
  ))!.user;
  const sous = (await services.ranks.list()).find((rank) => rank.name === 'Sous Chef')!;
  await services.users.admin.updateRanks(owner, '1100000000000000002', {
    ranks: [sous.id],
    announce: false,
    logToRankHistory: false,
  });
  try {
    await page.goto('/team');
    await expect(page.locator('.team-rank-title').first()).toContainText('Owner');
    await expect(page.locator('.team-rank-title').nth(1)).toContainText('Sous Chef');
  } finally {
    const chef = (await services.ranks.list()).find((rank) => rank.name === 'Chef')!;
    await services.users.admin.updateRanks(owner, '1100000000000000002', {
      ranks: [chef.id],
      announce: false,
      logToRankHistory: false,
    });
    await services.ranks.delete(owner, sous.id);
  }
});

test('the owner reads the Rank Manager in German: the ladder, its Save order and why it waits, and the rank form', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signInAs(context, '1100000000000000005');
  const page = await context.newPage();
  await page.goto('/staff/admin/rank-manager');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rangverwaltung');
  const save = page.getByRole('button', { name: 'Reihenfolge speichern' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription('Verschieb zuerst einen Rang: Die Reihenfolge ist wie gespeichert.');
  await page.getByRole('button', { name: 'Chef nach oben verschieben', exact: true }).click();
  await expect(save).toBeEnabled();
  await page.getByRole('link', { name: 'Rang erstellen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rang erstellen');
  await expect(page.getByRole('group', { name: 'Berechtigungen' })).toBeVisible();
  await expect(page.getByLabel('Inhaber dürfen über die Website kündigen')).toBeVisible();
  await context.close();
});
