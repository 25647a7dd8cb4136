import type { Services } from '../../plugins/index.ts';
import { checkState, expect, test } from './fixtures.ts';

// Each test makes its own customer: they run side by side.
test.describe.configure({ mode: 'parallel' });

test('a visitor is asked to sign in; a customer claims the hourly reward, watches the countdown, and cannot claim again for an hour', async ({
  browser,
  diner,
}) => {
  const [customerContext, visitorContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  await diner.signIn(customerContext, { username: 'coin_claimer' });

  // A visitor reads what it is and is asked to sign in.
  const visitor = await visitorContext.newPage();
  await visitor.goto('/hourly');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Hourly rewards');
  await expect(visitor.getByRole('link', { name: 'Sign in to claim' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fhourly',
  );

  // The customer has never claimed: the reward is ready.
  const page = await customerContext.newPage();
  await page.goto('/hourly');
  await expect(page.getByTestId('hourly-balance')).toHaveText('0');
  await expect(page.getByTestId('hourly-countdown')).toHaveText('Your reward is ready.');
  const claim = page.getByRole('button', { name: 'Claim 50 coins' });
  await expect(claim).toBeEnabled();
  await claim.click();
  await expect(page.getByTestId('toast')).toHaveText('You claimed 50 coins!');
  await expect(page.getByTestId('hourly-balance')).toHaveText('50');
  await expect(claim).toBeDisabled();
  const countdown = page.getByTestId('hourly-countdown');
  await expect(countdown).toHaveText(/^Next reward in 59:[0-5]\d$/);
  // It counts down live.
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!);
  await expect(countdown).toHaveText(/^Next reward in 59:[0-5]\d$/);
  await checkState(page);

  // After a reload the server says the same: no second claim for an hour.
  await page.reload();
  await expect(page.getByTestId('hourly-balance')).toHaveText('50');
  await expect(page.getByRole('button', { name: 'Claim 50 coins' })).toBeDisabled();
  await expect(page.getByTestId('hourly-countdown')).toHaveText(/^Next reward in 59:[0-5]\d$/);
  // From the page (the same-origin check wants the browser's Origin).
  const again = await page.evaluate(async () => {
    const res = await fetch('/api/client/users/hourly', { method: 'POST' });
    return { status: res.status, body: (await res.json()) as { nextClaimAt?: string } };
  });
  expect(again.status).toBe(429);
  expect(again.body.nextClaimAt).toEqual(expect.any(String));
  await Promise.all([customerContext.close(), visitorContext.close()]);
});

test('the hourly reward in French: the page, the claim’s toast and the countdown its script writes', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signIn(context, { username: 'coin_claimer_fr' });
  const page = await context.newPage();
  await page.goto('/hourly');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Récompenses horaires');
  await expect(page.getByTestId('hourly-countdown')).toHaveText('Votre récompense est prête.');
  await page.getByRole('button', { name: 'Récupérer 50 pièces' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Vous avez récupéré 50 pièces !');
  await expect(page.getByTestId('hourly-countdown')).toHaveText(/^Prochaine récompense dans 59:[0-5]\d$/);
  await context.close();
});

test('the profile shows the hourly coins; a manager adjusts them with a reason, never below zero; nobody else sees them', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const [customerContext, managerContext, visitorContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const customer = await diner.signIn(customerContext, { username: 'coin_collector' });
  await diner.signIn(managerContext, { username: 'manager_max', rank: 'Manager' });
  // The customer has claimed the hourly reward (as the button above claims it).
  await services.store.hourly.claim(customer.id);

  // The profile shows the balance and the transaction.
  const page = await customerContext.newPage();
  await page.goto('/users/@me');
  await expect(page.getByTestId('profile-balance')).toHaveText('50');
  await expect(page.getByTestId('coin-transactions').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('coin-transactions')).toContainText('Hourly reward');
  await expect(page.getByTestId('coin-transactions')).toContainText('+50');
  // A profile with coins and a transaction: the every-page pass sees a customer with none.
  await checkState(page);

  // A user manager gives coins with a reason, on the customer's manage page.
  const manager = await managerContext.newPage();
  await manager.goto(`/users/${customer.id}/manage`);
  await expect(manager.getByTestId('adjust-balance')).toHaveText('50');
  await manager.getByLabel('Amount').fill('25');
  await manager.getByLabel('Reason').fill('Thanks for reporting a bug');
  await manager.getByRole('button', { name: 'Adjust coins' }).click();
  await expect(manager).toHaveURL(new RegExp(`/users/${customer.id}$`));
  await expect(manager.getByTestId('toast')).toHaveText('Coins adjusted: the balance is now 75.');
  await expect(manager.getByTestId('profile-balance')).toHaveText('75');
  await expect(manager.getByTestId('coin-transactions').locator('li').first()).toContainText('Adjustment by staff');
  await expect(manager.getByTestId('coin-transactions').locator('li').first()).toContainText(
    'Thanks for reporting a bug',
  );

  // Taking more than the balance is refused, and says why.
  await manager.goto(`/users/${customer.id}/manage`);
  await manager.getByLabel('Amount').fill('-100');
  await manager.getByLabel('Reason').fill('Too much');
  await manager.getByRole('button', { name: 'Adjust coins' }).click();
  await expect(manager.locator('[data-adjust-error]')).toHaveText(
    'The balance is 75 coins: you cannot take 100 coins.',
  );

  // Nobody else sees the balance.
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/users/${customer.id}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('coin_collector');
  await expect(visitor.getByTestId('profile-coins')).toHaveCount(0);
  expect(await services.store.coins.balance(customer.id)).toBe(75);
  await Promise.all([customerContext.close(), managerContext.close(), visitorContext.close()]);
});
