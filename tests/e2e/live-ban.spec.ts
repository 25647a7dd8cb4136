import type { Services } from '../../plugins/index.ts';
import { expect, serverIslandsLoaded, test } from './fixtures.ts';
import { openManager } from './kitchen.ts';

const SAM_OWNER = '1100000000000000005';

test('a chef banned while the order manager is open: user state reset, the ban toast, then the ban page', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const context = await browser.newContext();
  const chef = await diner.signIn(context, { username: 'chef_banned_live', rank: 'Chef' });
  const page = await openManager(context);
  await expect(page.getByTestId('user-menu')).toContainText('chef_banned_live');

  const owner = (await diner.app.server.ctx.sessions.validate(
    (
      await diner.app.server.ctx.sessions.create(SAM_OWNER)
    ).token,
  ))!.user;
  await services.users.admin.ban(owner, chef.id, { reason: 'Burnt every order on purpose', expires: null });

  await expect(page.getByTestId('toast')).toHaveText('An error occurred: Your account has been banned.');
  await expect(page).toHaveURL(`${diner.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'You are currently banned from this website for the following reason: Burnt every order on purpose',
  );
  // The user state was reset: the navbar no longer names them, and the staff screens are gone.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // Every server island (a user menu if there were one) has come in, and the banner rendered with the page.
  await expect(page.getByTestId('announcement')).toBeVisible();
  await serverIslandsLoaded(page);
  await expect(page.getByText('chef_banned_live')).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await context.close();
});
