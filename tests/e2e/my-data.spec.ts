import { readFile } from 'node:fs/promises';
import { UserSchema } from '../../core/auth/entities.ts';
import { expect, expectAccessible, fitsPhone, test } from './fixtures.ts';

const CASEY = '1100000000000000001';

/**
 * Users own their data (issue 44, docs/my-data.md): Casey downloads what the diner holds about her from her profile,
 * then deletes her account: a wrong username is refused in the dialog, hers signs her out and she is gone.
 */
test('the demo customer downloads her data, then deletes her account with her username', async ({ page, diner }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /Casey Customer/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/users/@me');

  const panel = page.getByTestId('my-data');
  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`virtual-diner-${CASEY}.json`);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(data.account).toMatchObject({ id: CASEY, username: 'casey' });
  expect(data.plugins.orders.ordersPlaced.length).toBeGreaterThan(0);

  // The dialog, in both colour schemes and on a phone.
  await panel.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsPhone(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const username = dialog.getByLabel('Type your username, casey, to confirm');
  await username.fill('Casey');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Type your username, casey, exactly to delete your account.');
  await expect(username).toHaveAttribute('aria-invalid', 'true');

  await username.fill('casey');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await diner.app.server.ctx.orm.em.fork().count(UserSchema, { id: CASEY })).toBe(0);

  await page.goto('/users/@me');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('the privacy policy links the download and says what deleting keeps', async ({ page }) => {
  await page.goto('/privacy');
  const section = page.locator('#your-data');
  await expect(section).toHaveText(/download it or delete your account/);
  await expect(page.getByRole('link', { name: 'download it now' })).toHaveAttribute(
    'href',
    '/api/client/users/@me/export',
  );
  await expect(page.getByText(/Bans and the order blacklist survive deletion/)).toBeVisible();
});

test('Your data in German: the panel and the delete dialog, its refusal of a mistyped name, and the deletion (issue 44)', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'dora_daten' });
  const page = await context.newPage();
  await page.goto('/users/@me');
  const panel = page.getByTestId('my-data');
  await expect(panel.getByRole('heading', { name: 'Deine Daten' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Meine Daten herunterladen' })).toBeVisible();
  await panel.getByRole('button', { name: 'Mein Konto löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mein Konto löschen' });
  const username = dialog.getByLabel('Gib zur Bestätigung deinen Benutzernamen ein: dora_daten');
  await username.fill('Dora_Daten');
  await dialog.getByRole('button', { name: 'Mein Konto löschen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Gib deinen Benutzernamen, dora_daten, genau so ein, um dein Konto zu löschen.',
  );
  await username.fill('dora_daten');
  await dialog.getByRole('button', { name: 'Mein Konto löschen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Dein Konto wurde gelöscht.')).toBeVisible();
  await context.close();
});
