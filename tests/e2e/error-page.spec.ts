import { DomainError } from '../../core/errors.ts';
import type { Services } from '../../plugins/index.ts';
import { checkState, expect, test } from './fixtures.ts';

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

test("§8 the error page: 'Unknown error' when no status is known; a service's refusal keeps its status and words", async ({
  page,
  diner,
}) => {
  // Faults put into the running server's own service, then taken out: the page's render throws as it would.
  const stats = (diner.app.server.ctx.services as Services).orders.stats;
  const leaderboard = stats.leaderboard;
  try {
    // A bug in a page's render: the error carries no status.
    stats.leaderboard = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'rows')");
    };
    const response = await page.goto('/leaderboard');
    expect(response?.status()).toBe(500);
    await expect(page).toHaveTitle('Unknown error | Virtual Diner');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('An unknown error occurred');
    await expect(page.locator('.error-status')).toHaveCount(0);
    await expect(page.locator('.error-page code')).toHaveText('/leaderboard');
    // The bug's own words never show (the footer's "My browser's language" holds the letters "rows").
    await expect(page.getByText("(reading 'rows')")).toHaveCount(0);
    await checkState(page);

    // A service's refusal: its status, its words.
    stats.leaderboard = async () => {
      throw new DomainError('unavailable', 'The figures are being counted again.');
    };
    const unavailable = await page.goto('/leaderboard');
    expect(unavailable?.status()).toBe(503);
    await expect(page).toHaveTitle('Error - 503 | Virtual Diner');
    await expect(page.locator('.error-status')).toHaveText('503');
    // A server error's words never reach a visitor.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('An unknown error occurred');
    stats.leaderboard = async () => {
      throw new DomainError('not_found', 'There is no such period.');
    };
    expect((await page.goto('/leaderboard'))?.status()).toBe(404);
    await expect(page).toHaveTitle('Error - 404 | Virtual Diner');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('There is no such period.');
  } finally {
    stats.leaderboard = leaderboard;
  }
});
