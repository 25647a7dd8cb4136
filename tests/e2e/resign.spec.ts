import { expect, test } from './fixtures.ts';

test('a chef resigns: the switch arms the button, the toast thanks them, they land on / without the Staff link', async ({
  page,
  context,
  diner,
}) => {
  await diner.signIn(context, { username: 'leaving_lee', rank: 'Chef' });
  await page.goto('/staff/dashboard');
  await page.getByRole('button', { name: 'Resign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resign from staff' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Resign' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('switch', { name: 'I understand, I wish to resign' }).check();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByTestId('toast')).toHaveText('Resignation accepted successfully. Thank you for your service.');
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId('user-menu').locator('summary').click();
  await expect(page.getByTestId('user-menu').getByRole('link', { name: 'Staff' })).toHaveCount(0);
});

test('a rank that may not resign through the website: the button is disabled with the tooltip', async ({
  page,
  context,
  diner,
}) => {
  await diner.signIn(context, { username: 'director_dee', rank: 'Director' });
  await page.goto('/staff/dashboard');
  const button = page.getByRole('button', { name: 'Resign' });
  await expect(button).toBeDisabled();
  await expect(page.locator('.resign')).toHaveAttribute(
    'title',
    'Rank is not allowed to resign via website, please contact the appropriate administrator.',
  );
});
