import { expect, test } from './fixtures.ts';
import { ALL_PAGES, expected, ROLES, USERS } from './pages.ts';

/**
 * Every page's guard, as each role: the page answers, or the guard sends the visitor to /login?redirect= (signed
 * out), home with the insufficient-permissions error (not allowed), or home (the login page when signed in). Asked
 * as the browser asks, with the session cookie, without following the redirect; what each page looks like is
 * tests/e2e/pages.spec.ts's.
 */
test.describe.configure({ mode: 'parallel' });

for (const role of ROLES) {
  test(`every page's guard as ${role}`, async ({ browser, diner }) => {
    const context = await browser.newContext();
    if (role !== 'anonymous') await diner.signIn(context, USERS[role]);
    for (const path of ALL_PAGES) {
      const response = await context.request.get(`${diner.url}${path}`, { maxRedirects: 0 });
      const location = response.headers().location ?? null;
      const outcome = expected(role, path);
      if (outcome === 'ok') expect(response.status(), path).toBe(200);
      else
        expect([response.status(), location], path).toEqual([
          302,
          outcome === 'login'
            ? `/login?redirect=${encodeURIComponent(path)}`
            : outcome === 'home'
              ? '/'
              : '/?error=insufficient_permissions',
        ]);
    }
    await context.close();
  });
}

test('a page the visitor may not open: home, with the insufficient-permissions toast', async ({ browser, diner }) => {
  const context = await browser.newContext();
  await diner.signIn(context, USERS.customer);
  const page = await context.newPage();
  await page.goto('/staff/admin/users');
  await expect(page.getByTestId('toast')).toHaveText(
    'An error occurred: You have insufficient permissions to view that page.',
  );
  // The toast shown, the query goes from the address.
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('an unknown path is the 404 page, for everyone', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await expect(page).toHaveTitle('Error - 404 | Virtual Diner');
  await expect(page.locator('footer.site-footer')).toContainText('the number 1 home for virtual fast food');
});
