import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Services } from '../../plugins/index.ts';
import { expect, expectAccessible, fitsPhone, test } from './fixtures.ts';

const CHARLIE_CHEF = '1100000000000000002';
const SAM_OWNER = '1100000000000000005';

test("a visitor sees a chef's public profile: avatar, name, rank badge, and nothing private", async ({ page }) => {
  // Discord's CDN, answered here (this machine has no internet): the avatar stays the CDN's, no fallback.
  await page.route('https://cdn.discordapp.com/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#5865f2"/></svg>',
    }),
  );
  await page.goto(`/users/${CHARLIE_CHEF}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charlie Chef');
  await expect(page.locator('.rank-badge')).toHaveText(['Chef']);
  const avatar = page.locator('img.profile-avatar');
  await expect(avatar).toHaveAttribute(
    'src',
    /^https:\/\/cdn\.discordapp\.com\/(avatars\/1100000000000000002\/.+\?size=128|embed\/avatars\/[0-5]\.png)$/,
  );
  await expect(page.getByRole('heading', { name: 'Warnings' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Rank history' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
});

test('a route whose id is not an ID, or an unknown ID, is the 404 page', async ({ page }) => {
  for (const path of ['/users/not-an-id', '/users/123', '/users/9999999999999999999']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await expect(page.locator('.error-page code')).toHaveText(path);
  }
});

test('the user themself sees their warnings and rank history, and edits their name and delivery message', async ({
  page,
  context,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const { id } = await diner.signIn(context, { username: 'dana_delivers', rank: 'Delivery Driver' });
  const owner = (await diner.app.server.ctx.sessions.validate(
    (
      await diner.app.server.ctx.sessions.create(SAM_OWNER)
    ).token,
  ))!.user as CurrentUser;
  await services.users.admin.warn(owner, id, 'Delivered a pizza to the wrong server.');

  await page.goto('/users/@me');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('dana_delivers');
  await expect(page.getByRole('heading', { name: 'Warnings' })).toBeVisible();
  await expect(page.locator('.profile-list').first()).toContainText('Delivered a pizza to the wrong server.');
  await expect(page.locator('.profile-list').first()).toContainText('by Sam Owner');
  await expect(page.getByRole('heading', { name: 'Rank history' })).toBeVisible();
  await expectAccessible(page);
  await fitsPhone(page);

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/users\/@me\/manage$/);
  await page.getByLabel('Display name').fill('Dana the Fast');
  await page.getByLabel('Delivery message').fill('Here you go!');
  await page.getByRole('button', { name: 'Save' }).click();
  // The profile form's own alert (the DM preference below has one of its own).
  const profileForm = page.locator('form', { has: page.getByLabel('Delivery message') });
  await expect(profileForm.getByRole('alert')).toHaveText('A delivery message must mention {customer}.');
  await page.getByLabel('Delivery message').fill('Here you go {customer}, {item} fresh from {chef}!');
  await expectAccessible(page);
  await fitsPhone(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users\/@me$/);
  await expect(page.getByTestId('toast')).toHaveText('Profile saved.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dana the Fast');
  const saved = await services.users.users.getPrivate(id);
  expect(saved.settings.deliveryMessage?.message).toBe('Here you go {customer}, {item} fresh from {chef}!');
});

test("Sync with Discord on Edit Profile asks the server for Discord's name and avatar, and says why it could not", async ({
  page,
  context,
  diner,
}) => {
  await diner.signIn(context, { username: 'sync_sid' });
  await page.goto('/users/@me/manage');
  await page.getByRole('button', { name: 'Sync with Discord' }).click();
  // This server has no bot token to ask Discord with: the sync is refused, and the page says so.
  await expect(page.getByTestId('toast')).toHaveText('Could not sync with Discord: Discord sync is not configured.');
  await expect(page.getByRole('button', { name: 'Sync with Discord' })).toBeEnabled();
});

test("a user manager edits a chef's perks; a customer may not open someone else's editor", async ({
  browser,
  diner,
}) => {
  const manager = await browser.newContext();
  const managerPage = await manager.newPage();
  await diner.signIn(manager, { username: 'morgan_m', rank: 'Manager' });
  const scratch = await browser.newContext();
  const { id: chefId } = await diner.signIn(scratch, { username: 'chef_to_edit', rank: 'Chef' });
  await scratch.close();
  await managerPage.goto(`/users/${chefId}`);
  await managerPage.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(managerPage).toHaveURL(new RegExp(`/users/${chefId}/manage$`));
  await managerPage.getByRole('checkbox', { name: 'Delivery message beta' }).check();
  await managerPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(managerPage).toHaveURL(new RegExp(`/users/${chefId}$`));
  const services = diner.app.server.ctx.services as Services;
  expect((await services.users.users.getPrivate(chefId)).perks).toContain('DELIVERY_MESSAGE_BETA');
  await manager.close();

  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await diner.signIn(customer, { username: 'curious_cat' });
  await customerPage.goto(`/users/${chefId}/manage`);
  await expect(customerPage).toHaveURL(/\/$/);
  await expect(customerPage.getByTestId('toast')).toHaveText(
    'An error occurred: You have insufficient permissions to view that page.',
  );
  await customer.close();
});

test('a user manager cannot open the editor of someone ranked at or above them: sent home, like the writes', async ({
  page,
  context,
  diner,
}) => {
  await diner.signIn(context, { username: 'middle_manager', rank: 'Manager' });
  // The owner's profile is readable, but offers no editor.
  await page.goto(`/users/${SAM_OWNER}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sam Owner');
  await expect(page.getByRole('heading', { name: 'Rank history' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
  await page.goto(`/users/${SAM_OWNER}/manage`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast')).toHaveText(
    'An error occurred: You have insufficient permissions to view that page.',
  );
  // The API says the same about a write.
  const write = await page.evaluate(async (id) => {
    const response = await fetch(`/api/client/users/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Not Sam' }),
    });
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  }, SAM_OWNER);
  expect(write).toEqual({ status: 403, message: 'You cannot manage someone whose rank is at or above your own.' });
  // A chef is below a manager: their editor opens.
  await page.goto(`/users/${CHARLIE_CHEF}`);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${CHARLIE_CHEF}/manage$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Profile');
});

test('Edit Profile in German: the page, its boxes and what its forms say (issue 44)', async ({ browser, diner }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'manfred_m', rank: 'Manager' });
  const scratch = await browser.newContext();
  const { id: chefId } = await diner.signIn(scratch, { username: 'chef_auf_deutsch', rank: 'Chef' });
  await scratch.close();
  const page = await context.newPage();
  await page.goto(`/users/${chefId}/manage`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profil bearbeiten');
  await expect(page.getByRole('heading', { name: 'Bestellsperre' })).toBeVisible();
  await expect(page.getByTestId('blacklist-state')).toContainText('Nicht gesperrt Diese Person darf bestellen.');
  await expect(page.getByRole('button', { name: 'Ränge speichern' })).toBeVisible();
  await page.getByRole('button', { name: 'Verwarnung hinzufügen' }).click();
  await expect(page.locator('#warning-form').getByRole('alert')).toHaveText('Schreib, warum die Person verwarnt wird.');
  await context.close();
});

test('a profile in French: its card, order figures, subscription box and Audit section (issue 44)', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signInAs(context, SAM_OWNER);
  const page = await context.newPage();
  await page.goto(`/users/${CHARLIE_CHEF}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Charlie Chef');
  await expect(page.locator('.profile-identity .subtitle')).toContainText('membre depuis le');
  await expect(page.getByRole('link', { name: 'Modifier le profil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Commandes' })).toBeVisible();
  await expect(page.locator('.profile-figures dt')).toHaveText(['Commandées', 'Préparées', 'Livrées']);
  await expect(page.getByTestId('profile-audit').getByRole('heading')).toHaveText('Journal d’audit');
  await context.close();
});
