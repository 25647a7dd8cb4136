import { expect, expectAccessible, fitsPhone, test, signInWithDemoButton } from './fixtures.ts';

test('a manager gives a newcomer a rank from the user manager: only ranks below their own are offered; the profile and its history show it', async ({ page, browser, diner }) => {
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
  expect((await ranks.locator('label').allInnerTexts()).map((t) => t.trim())).toEqual(['Delivery Driver', 'Chef', 'Trainee Chef']);
  for (const above of ['Owner', 'Director', 'Manager']) await expect(ranks.getByLabel(above, { exact: true })).toHaveCount(0);
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
  const refused = await page.request.patch(`/api/client/admin/users/${rookie.id}/update-rank`, { data: { ranks: [managerRank.id] }, headers: { origin: diner.url } });
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
