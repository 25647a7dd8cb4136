import { expect, expectAccessible, fitsPhone, test } from './fixtures.ts';

// A server with Discord OAuth configured, pointed at the Discord stand-in: no dev sign-in here.
test.use({ discordOAuth: true });

test('Discord sign-in through the stand-in, back to the page the user wanted, name in the menu', async ({
  page,
  discord,
}) => {
  await page.goto('/users/@me');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fusers%2F%40me$/);
  await expect(page.getByRole('button', { name: /Casey Customer/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Login with Discord' }).click();
  await expect(page).toHaveURL(/\/users\/@me$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hungry Guest');
  await expect(page.getByTestId('user-menu')).toContainText('Hungry Guest');
  expect(discord!.requests.some((r) => r.path === '/api/oauth2/token')).toBe(true);
});

test('the invite page links to Discord with the application id and the bot permissions', async ({ page, discord }) => {
  await page.goto('/invite');
  await expect(page.getByTestId('invite-link')).toHaveAttribute(
    'href',
    `https://discord.com/oauth2/authorize?client_id=${discord!.clientId}&scope=bot%20applications.commands&permissions=2147601408`,
  );
  await expectAccessible(page);
  await fitsPhone(page);
});

test('signing in speaks the browser’s language: the login page in German, a cancelled sign-in in French', async ({
  browser,
}) => {
  const german = await browser.newContext({ locale: 'de-DE' });
  const page = await german.newPage();
  await page.goto('/login');
  await expect(page).toHaveTitle('Anmelden | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Virtual Diner anmelden');
  await expect(page.getByRole('link', { name: 'Mit Discord anmelden' })).toBeVisible();
  await german.close();

  const french = await browser.newContext({ locale: 'fr-FR' });
  const callback = await french.newPage();
  // Written by the page's script, from the texts the page handed it.
  await callback.goto('/login/callback?error=access_denied');
  await expect(callback.getByRole('heading', { level: 1 })).toHaveText('Échec de la connexion');
  await expect(callback.getByText('La connexion avec Discord a été annulée.')).toBeVisible();
  await expect(callback.getByRole('link', { name: 'Réessayer' })).toHaveAttribute('href', '/login');
  await french.close();
});
