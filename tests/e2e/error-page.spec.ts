import { expect, test } from './fixtures.ts';

test('the ban page shows the path the banned user asked for: no internal path, no added slash', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /Blake Banned/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // A static page (the home page, /invite), a server-rendered one (/leaderboard, /team), a guarded staff page.
  for (const path of ['/', '/invite', '/leaderboard', '/team', '/staff/dashboard']) {
    const response = await page.goto(`${path}?from=test`);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1 }), path).toContainText('You are currently banned');
    await expect(page.locator('.error-page code'), path).toHaveText(path);
  }
});

test('the 404 page shows the path asked for', async ({ page }) => {
  for (const path of ['/no-such-page/deeper', '/users/not-an-id']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('This page could not be found');
    await expect(page.locator('.error-page code'), path).toHaveText(path);
  }
});
