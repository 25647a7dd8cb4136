import type { BrowserContext, Page } from '@playwright/test';
import { expect, screenshots, test, type Diner } from './fixtures.ts';
import { ALL_PAGES, expected, ROLES, USERS, type Role } from './pages.ts';

async function contextFor(role: Role, browser: import('@playwright/test').Browser, diner: Diner): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (role !== 'anonymous') await diner.signIn(context, USERS[role]);
  return context;
}

async function expectShell(page: Page, role: Role): Promise<void> {
  const footer = page.locator('footer.site-footer');
  // Appeal and Recruitment are in the footer now that their pages exist (issue 12): no link leads to the 404 page.
  // Recruitment only for someone signed in (§2).
  const recruitment = role === 'anonymous' ? [] : ['Recruitment'];
  await expect(footer.getByRole('link')).toHaveText(['Invite', 'Appeal', ...recruitment, 'Privacy Policy', 'Login', 'Our Team', 'Discord community']);
  await expect(footer).toContainText('the number 1 home for virtual fast food');
  await expect(footer).toContainText(`2017–${new Date().getFullYear()}`);
  await expect(page.getByTestId('announcement')).toBeVisible();
}

/**
 * Every public route and every staff route, visited as each role: the page renders (with the banner and the
 * footer), or the guard sends the visitor to /login?redirect= or home with the insufficient-permissions toast.
 */
for (const role of ROLES) {
  test(`every route as ${role}`, async ({ browser, diner }) => {
    // A ceiling that grows with the site: every page visited, and the super admin's staff pages screenshot twice.
    test.setTimeout(60_000 + ALL_PAGES.length * 4_000);
    const context = await contextFor(role, browser, diner);
    const page = await context.newPage();
    for (const path of ALL_PAGES) {
      const outcome = expected(role, path);
      const response = await page.goto(path);
      if (outcome === 'ok') {
        expect(response?.status(), path).toBe(200);
        expect(new URL(page.url()).pathname, path).toBe(path);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await expectShell(page, role);
        // Every staff and admin screen at 1280 and 390 px in the light scheme (nothing wider than a phone).
        if (role === 'superAdmin' && path.startsWith('/staff')) await screenshots(page, `light${path.replaceAll('/', '-')}`);
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
  await expectShell(page, 'anonymous');
});
