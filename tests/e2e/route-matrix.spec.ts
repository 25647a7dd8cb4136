import type { BrowserContext, Page } from '@playwright/test';
import type { Permission } from '../../core/shared/permissions.ts';
import { expect, test, type Diner } from './fixtures.ts';

/**
 * Every public route and every staff route, visited as each role: the page renders (with the banner and the
 * footer), or the guard sends the visitor to /login?redirect= or home with the insufficient-permissions toast.
 */
type Role = 'anonymous' | 'customer' | 'chef' | 'superAdmin';
type Outcome = 'ok' | 'login' | 'forbidden' | 'home';

const CHARLIE_CHEF = '1100000000000000002';
const PUBLIC = ['/', '/team', '/leaderboard', '/invite', '/privacy', '/login', '/hourly', '/disable-your-adblocker', `/users/${CHARLIE_CHEF}`];
const SIGNED_IN = ['/users/@me', '/users/@me/manage'];
const KITCHEN = ['/staff/dashboard', '/staff/orders', '/staff/food-lookup'];
const ADMIN = [
  '/staff/admin/users',
  '/staff/admin/rank-manager',
  '/staff/admin/rank-manager/create',
  '/staff/admin/order-management',
  '/staff/admin/online-users',
  `/staff/admin/order-history/${CHARLIE_CHEF}`,
];

function expected(role: Role, path: string): Outcome {
  // Someone already signed in has nothing to do on the login page.
  if (path === '/login' && role !== 'anonymous') return 'home';
  if (PUBLIC.includes(path)) return 'ok';
  if (role === 'anonymous') return 'login';
  if (SIGNED_IN.includes(path)) return 'ok';
  if (role === 'customer') return 'forbidden';
  if (KITCHEN.includes(path)) return 'ok';
  return role === 'superAdmin' ? 'ok' : 'forbidden';
}

const USERS: Record<Exclude<Role, 'anonymous'>, { username: string; rank?: string; permissions?: Permission[] }> = {
  customer: { username: 'matrix_customer' },
  chef: { username: 'matrix_chef', rank: 'Chef' },
  superAdmin: { username: 'matrix_owner', permissions: ['SUPER_ADMIN'] },
};

async function contextFor(role: Role, browser: import('@playwright/test').Browser, diner: Diner): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (role !== 'anonymous') await diner.signIn(context, USERS[role]);
  return context;
}

async function expectShell(page: Page): Promise<void> {
  const footer = page.locator('footer.site-footer');
  await expect(footer.getByRole('link')).toHaveText(['Invite', 'Appeal', 'Recruitment', 'Privacy Policy', 'Login', 'Our Team', 'Discord community']);
  await expect(footer).toContainText('the number 1 home for virtual fast food');
  await expect(footer).toContainText(`2017–${new Date().getFullYear()}`);
  await expect(page.getByTestId('announcement')).toBeVisible();
}

for (const role of ['anonymous', 'customer', 'chef', 'superAdmin'] as const) {
  test(`every route as ${role}`, async ({ browser, diner }) => {
    test.setTimeout(120_000);
    const context = await contextFor(role, browser, diner);
    const page = await context.newPage();
    for (const path of [...PUBLIC, ...SIGNED_IN, ...KITCHEN, ...ADMIN]) {
      const outcome = expected(role, path);
      const response = await page.goto(path);
      if (outcome === 'ok') {
        expect(response?.status(), path).toBe(200);
        expect(new URL(page.url()).pathname, path).toBe(path);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await expectShell(page);
      } else if (outcome === 'home') {
        await expect(page, path).toHaveURL(/\/$/);
      } else if (outcome === 'login') {
        await expect(page, path).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      } else {
        await expect(page, path).toHaveURL(/\/$/);
        await expect(page.getByTestId('toast'), path).toHaveText('An error occurred: You have insufficient permissions to view that page.');
      }
    }
    await context.close();
  });
}

test('an unknown path is the 404 page, for everyone', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await expect(page).toHaveTitle('Error - 404 | Virtual Diner');
  await expectShell(page);
});
