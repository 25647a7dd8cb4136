import { checkState, expect, expectAccessible, fitsPhone, signInWithDemoButton, test } from './fixtures.ts';

test('a manager gives a newcomer a rank from the user manager: only ranks below their own are offered; the profile and its history show it', async ({
  page,
  browser,
  diner,
}) => {
  const scratch = await browser.newContext();
  const rookie = await diner.signIn(scratch, { username: 'rookie_rita' });
  await scratch.close();

  await signInWithDemoButton(page, 'Morgan Manager', '/staff/admin/users');
  await page.getByLabel('Search').fill('rookie_rita');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('1 user');
  await page.locator('tr', { hasText: 'rookie_rita' }).getByRole('link', { name: 'Ranks' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${rookie.id}/manage#ranks$`));

  // The Manager (position 60) may grant Delivery Driver, Chef and Trainee Chef, highest first; never Manager,
  // Director or Owner.
  const ranks = page.getByRole('group', { name: 'Ranks to hold' });
  await expect(ranks.getByRole('checkbox')).toHaveCount(3);
  expect((await ranks.locator('label').allInnerTexts()).map((t) => t.trim())).toEqual([
    'Delivery Driver',
    'Chef',
    'Trainee Chef',
  ]);
  for (const above of ['Owner', 'Director', 'Manager'])
    await expect(ranks.getByLabel(above, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Write the change to the rank history')).toBeChecked();
  await expect(page.getByLabel('Announce the change')).not.toBeChecked();
  await expectAccessible(page);
  await fitsPhone(page);

  await ranks.getByLabel('Chef', { exact: true }).check();
  await page.getByRole('button', { name: 'Save ranks' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${rookie.id}$`));
  await expect(page.getByTestId('toast')).toHaveText('Ranks saved.');
  await expect(page.locator('.rank-badge')).toHaveText(['Chef']);
  const history = page.getByRole('region', { name: 'Rank history' });
  await expect(history.getByRole('listitem').first()).toContainText('Ranks changed: no rank → Chef');
  await expect(history.getByRole('listitem').first()).toContainText('Morgan Manager');

  // The server holds the same line: a rank at the manager's own level is refused.
  const manager = diner.app.server.ctx.services as import('../../plugins/index.ts').Services;
  const managerRank = (await manager.ranks.list()).find((rank) => rank.name === 'Manager')!;
  const refused = await page.request.patch(`/api/client/admin/users/${rookie.id}/update-rank`, {
    data: { ranks: [managerRank.id] },
    headers: { origin: diner.url },
  });
  expect(refused.status()).toBe(403);
});

test('the user manager offers no Ranks action on someone at or above the manager', async ({ page }) => {
  await signInWithDemoButton(page, 'Morgan Manager', '/staff/admin/users');
  await page.getByLabel('Search').fill('Sam Owner');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('1 user');
  await expect(page.locator('tr', { hasText: 'Sam Owner' }).getByRole('link', { name: 'Ranks' })).toHaveCount(0);
  await page.getByLabel('Search').fill('Charlie Chef');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('tr', { hasText: 'Charlie Chef' }).getByRole('link', { name: 'Ranks' })).toBeVisible();
});

test("a rank a store purchase gives is listed apart on the rank form: the manager's edits and remove-staff keep it", async ({
  page,
  browser,
  diner,
}) => {
  // Tom buys the Kitchen trial week (the Trainee Chef rank for 7 days) with coins he was given.
  const scratch = await browser.newContext();
  const tom = await diner.signIn(scratch, { username: 'trial_tom' });
  const services = diner.app.server.ctx.services as import('../../plugins/index.ts').Services;
  await services.store.coins.credit({ userId: tom.id, amount: 4_000, kind: 'ADMIN', reference: 'admin:e2e-trial' });
  const bought = await scratch.request.post('/api/client/store/items/purchase', {
    data: { id: '1100000000000000703' },
    headers: { origin: diner.url },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  await scratch.close();

  await signInWithDemoButton(page, 'Morgan Manager', `/users/${tom.id}/manage#ranks`);
  const ranks = page.getByRole('group', { name: 'Ranks to hold' });
  const granted = page.getByTestId('granted-ranks');
  await expect(granted).toContainText('Trainee Chef');
  await expect(granted).toContainText(/From the store: Kitchen trial week, until \d{1,2} \w{3} \d{4}/);
  await expect(granted).toContainText('These end with what gave them and cannot be removed here.');
  // The checkboxes are the ranks given by hand: the trial's rank is not one of them.
  await expect(ranks.getByLabel('Trainee Chef', { exact: true })).not.toBeChecked();
  await checkState(page);

  await ranks.getByLabel('Chef', { exact: true }).check();
  await page.getByRole('button', { name: 'Save ranks' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${tom.id}$`));
  await expect(page.locator('.rank-badge')).toHaveText(['Chef', 'Trainee Chef']);

  // Remove staff takes Chef, given by hand; the trial's rank stays, and the page says why.
  await page.goto(`/staff/admin/users/${tom.id}/remove-staff`);
  await expect(page.getByTestId('granted-ranks')).toContainText('Trainee Chef');
  await page.getByLabel('Reason').fill('Back to the dining room');
  await page.getByRole('button', { name: 'Remove from staff' }).click();
  await expect(page).toHaveURL(/\/staff\/admin\/users$/);
  await page.goto(`/staff/admin/users/${tom.id}/remove-staff`);
  await expect(page.getByRole('button', { name: 'Remove from staff' })).toBeDisabled();
  await expect(page.getByText('This user holds no rank given by hand.')).toBeVisible();
  await page.goto(`/users/${tom.id}`);
  await expect(page.locator('.rank-badge')).toHaveText(['Trainee Chef']);
});
