import { expect, expectAccessible, screenshots, test } from './fixtures.ts';

test('the privacy policy says what is stored, why, for how long and how to have it deleted', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page).toHaveTitle('Privacy Policy | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  for (const heading of ['What we store and why', 'In your browser', 'Advertising', 'Who sees your data', 'Your rights']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('cell', { name: '31 days from your last visit, or until you log out' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'privacy');
});

test('the invite page says so when the bot has no invite link configured', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bring Virtual Diner to your server');
  await expect(page.getByText("The bot's invite link is not configured on this server yet.")).toBeVisible();
  await expect(page.getByTestId('invite-link')).toHaveCount(0);
  await expectAccessible(page);
});
