import type { Page } from '@playwright/test';
import { checkState, expect, expectAccessible, fitsPhone, test } from './fixtures.ts';

// Each test signs in on its own page: they run side by side.
test.describe.configure({ mode: 'parallel' });

const DEMO = {
  customer: { name: 'Casey Customer', role: 'Customer', staff: false },
  chef: { name: 'Charlie Chef', role: 'Chef', staff: true },
  driver: { name: 'Dana Driver', role: 'Delivery driver', staff: true },
  manager: { name: 'Morgan Manager', role: 'Manager', staff: true },
  owner: { name: 'Sam Owner', role: 'Super admin', staff: true },
} as const;

async function devSignIn(page: Page, name: string, from = '/login') {
  await page.goto(from);
  await page.getByRole('button', { name: new RegExp(name) }).click();
  // Signed in once the page has left /login: a navigation started before then would abort this one.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const menu = (page: Page) => page.getByTestId('user-menu');

test.describe('dev sign-in', () => {
  test('the login page offers every demo role', async ({ page }) => {
    await page.goto('/login');
    for (const demo of Object.values(DEMO))
      await expect(page.getByRole('button', { name: new RegExp(`${demo.name}.*${demo.role}`) })).toBeVisible();
    await expect(page.getByRole('button', { name: /Blake Banned/ })).toBeVisible();
  });

  for (const [key, demo] of Object.entries(DEMO)) {
    test(`signs in as the ${key}: name in the menu, Staff link only for staff`, async ({ page }) => {
      await devSignIn(page, demo.name);
      await expect(page).toHaveURL(/\/$/);
      await expect(menu(page)).toContainText(demo.name);
      await menu(page).locator('summary').click();
      await expect(menu(page).getByRole('link', { name: 'My Profile' })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: 'Edit Profile' })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: 'My Appeals' })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: 'Staff' })).toHaveCount(demo.staff ? 1 : 0);
    });
  }

  test('a banned user sees the ban page with reason and expiry', async ({ page }) => {
    await devSignIn(page, 'Blake Banned');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'You are currently banned from this website for the following reason: Placing troll orders in the kitchen. This ban will expire on',
    );
    await expect(page).toHaveTitle('Error - 403 | Virtual Diner');
    await expect(page.getByRole('link', { name: 'File an appeal' })).toHaveAttribute('href', '/appeal/create');
    // The banner and the user menu (with Logout) still show around the ban page.
    await expect(page.getByTestId('announcement')).toBeVisible();
    await expect(menu(page)).toContainText('Blake Banned');
    await page.goto('/users/@me');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('You are currently banned');
    // The ban page: no page of the every-page pass is seen banned.
    await checkState(page);
  });

  test('in German: the dev sign-in, and the ban page: its frame, the ban text in German, the button', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Virtual Diner anmelden');
    await expect(page.getByText('Entwicklungs-Anmeldung.')).toBeVisible();
    await devSignIn(page, 'Blake Banned');
    await expect(page).toHaveTitle('Fehler - 403 | Virtual Diner');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Du bist derzeit aus folgendem Grund von dieser Website gesperrt: Placing troll orders in the kitchen. Diese Sperre endet am',
    );
    await expect(page.getByRole('link', { name: 'Einspruch einlegen' })).toHaveAttribute('href', '/appeal/create');
    await context.close();
  });
});

test.describe('guards', () => {
  test('an anonymous visitor of a signed-in page goes to /login and comes back after signing in', async ({ page }) => {
    await page.goto('/users/@me');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fusers%2F%40me$/);
    await page.getByRole('button', { name: /Casey Customer/ }).click();
    await expect(page).toHaveURL(/\/users\/@me$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casey Customer');
    // Casey's own profile, with his demo orders and coins: the every-page pass sees a customer with none.
    await expectAccessible(page);
    await fitsPhone(page);
  });

  test('a user without the permission lands on /?error=insufficient_permissions with the toast', async ({ page }) => {
    await devSignIn(page, 'Casey Customer');
    await page.goto('/staff/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast')).toHaveText(
      'An error occurred: You have insufficient permissions to view that page.',
    );
  });

  test('a chef reaches the staff dashboard', async ({ page }) => {
    await devSignIn(page, 'Charlie Chef');
    await page.goto('/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      /Good (morning|afternoon|evening), Charlie Chef/,
    );
  });

  test('?error=account_banned shows its toast; an unknown error shows none', async ({ page }) => {
    await page.goto('/?error=account_banned');
    await expect(page.getByTestId('toast')).toHaveText('An error occurred: Your account has been banned.');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/?error=<b>made-up</b>');
    // The page takes the query out of the address once it has shown the toast it knows: after that, none for this one.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});

test('logout goes home first, shows the toast, and the session is dead server-side', async ({ page, context }) => {
  await devSignIn(page, 'Morgan Manager', '/login?redirect=%2Fusers%2F%40me');
  await expect(page).toHaveURL(/\/users\/@me$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'VD_SESSION')!;
  await menu(page).locator('summary').click();
  await menu(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Successfully logged out, see you next time!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'VD_SESSION')).toBeUndefined();
  const me = await page.request.get('/api/v3/users/@me', { headers: { authorization: `Bearer ${cookie.value}` } });
  expect(me.status()).toBe(401);
});
