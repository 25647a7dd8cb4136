import type { BrowserContext } from '@playwright/test';
import type { StripeStandIn } from '../stand-ins/stripe/server.ts';
import { checkState, expect, test } from './fixtures.ts';

/** Each test has its own subscriber, so the tests stand alone: with several workers, each has its own server and Stripe. */
test.describe.configure({ mode: 'parallel' });
test.use({ stripeBilling: true });

const SAM_OWNER = '1100000000000000005';

/** The context's user subscribes to Supporter as the subscribe page does (Checkout, then Pay), and the webhooks land. */
async function subscribeToSupporter(context: BrowserContext, stripe: StripeStandIn): Promise<void> {
  const created = await context.request.post('/api/client/stripe/subscriptions/create', {
    data: { subscriptionID: 'supporter' },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(created.status()).toBe(200);
  const { checkoutURL } = (await created.json()) as { checkoutURL: string };
  await stripe.pay(checkoutURL.split('/').pop()!);
  await stripe.idle();
}

test('anonymous visitors see the plans and a sign-in link', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(page.getByText('SUPPORT US!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Supporter' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patron' })).toBeVisible();
  await expect(page.getByText('The Patron rank', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to subscribe' }).first()).toHaveAttribute(
    'href',
    '/login?redirect=%2Fsubscribe',
  );
  await checkState(page);
});

test('the plans in Spanish for a visitor, and in German for a subscriber: their plan, its state and its buttons', async ({
  browser,
  diner,
  stripe,
}) => {
  const visitor = await browser.newContext({ locale: 'es-ES' });
  const page = await visitor.newPage();
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suscripciones');
  await expect(page.getByText('¡APÓYANOS!')).toBeVisible();
  await expect(page.getByText('El rango Patron', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inicia sesión para suscribirte' }).first()).toBeVisible();
  await visitor.close();

  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'e2e_german_supporter' });
  await subscribeToSupporter(context, stripe!);
  const german = await context.newPage();
  await german.goto('/subscribe');
  await expect(german.getByTestId('plan-state')).toHaveText('Aktiv');
  await expect(german.getByTestId('current-plan')).toContainText(/Verlängert sich am \d+\. \p{L}+ \d{4}\./u);
  await expect(german.getByRole('button', { name: 'Zahlungen verwalten' })).toBeEnabled();
  await expect(german.locator('[data-plan="patron"]').getByRole('button', { name: 'Abonnieren' })).toBeDisabled();
  await context.close();
});

test('subscribe through Checkout: the success page syncs at once, the webhooks arrive, the profile shows the plan and its perk', async ({
  page,
  context,
  diner,
  stripe,
}) => {
  await diner.signIn(context, { username: 'e2e_supporter' });

  await page.goto('/subscribe');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Support us' }),
  ).toHaveAttribute('href', '/subscribe');
  await checkState(page);

  // Stripe's Checkout (the stand-in's hosted page), then back to the success page, which syncs at once.
  await page.locator('[data-plan="supporter"]').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Supporter' })).toBeVisible();
  // Deliveries before this point (the demo data's, other tests') are not this journey's: only its own count.
  await stripe!.idle();
  const delivered = stripe!.deliveries.length;
  expect(page.url()).toContain(`${stripe!.url}/checkout/`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/subscribe\?success=true&session_id=cs_test_/);
  await expect(page.getByTestId('subscribe-success')).toHaveText('Thank you for your support! Your plan is active.');
  await expect(page.getByTestId('plan-state')).toHaveText('Active');
  await checkState(page);

  // After the webhooks: the plan and its perk on the profile.
  await stripe!.idle();
  expect(stripe!.deliveries.slice(delivered).map((d) => d.status)).toEqual([200, 200, 200]);
  await page.goto('/users/@me');
  await expect(page.getByTestId('profile-subscription')).toContainText('Supporter');
  await expect(page.getByTestId('profile-perks')).toContainText('Supporter');
  await checkState(page);
});

test("a user manager saving a subscriber's profile keeps the plan's perk: listed apart, with the plan's name, not among the perks set by hand", async ({
  browser,
  page,
  context,
  diner,
  stripe,
}) => {
  const { id } = await diner.signIn(context, { username: 'e2e_kept_supporter' });
  await subscribeToSupporter(context, stripe!);

  const managerContext = await browser.newContext();
  await diner.signInAs(managerContext, SAM_OWNER);
  const manager = await managerContext.newPage();
  await manager.goto(`/users/${id}/manage`);
  const granted = manager.getByTestId('granted-perks');
  await expect(granted).toContainText('Supporter');
  await expect(granted).toContainText('From the Supporter plan, while the plan lasts');
  await expect(manager.getByRole('checkbox', { name: 'Supporter' })).toHaveCount(0);
  await checkState(manager);
  await manager.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(manager).toHaveURL(new RegExp(`/users/${id}$`));
  await managerContext.close();
  await page.goto('/users/@me');
  await expect(page.getByTestId('profile-perks')).toContainText('Supporter');
});

test('cancel in the billing portal: the plan is cancelling at period end; when the period ends, the perk goes', async ({
  page,
  context,
  diner,
  stripe,
}) => {
  const { id } = await diner.signIn(context, { username: 'e2e_leaving_supporter' });
  await subscribeToSupporter(context, stripe!);

  // Manage billing: the portal's Cancel plan, then back.
  await page.goto('/subscribe');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/Cancels on/)).toBeVisible();
  await stripe!.idle();
  await page.getByRole('link', { name: 'Return to Virtual Diner' }).click();
  await expect(page.getByTestId('plan-state')).toHaveText('Cancelling at period end');
  await checkState(page);

  // The period ends: Stripe deletes the subscription; the perk goes.
  const customer = stripe!.customers().find((c) => (c.metadata as { userId?: string }).userId === id)!;
  const [subscription] = stripe!.subscriptionsOf(customer.id as string);
  await stripe!.endPeriod(subscription!.id);
  await page.goto('/users/@me');
  await expect(page.getByTestId('profile-subscription')).toContainText('Cancelled');
  await expect(page.getByTestId('profile-perks')).toHaveCount(0);
  await page.goto('/subscribe');
  await expect(page.getByTestId('plan-state')).toHaveText('Cancelled');
  await expect(page.locator('[data-plan="supporter"]').getByRole('button', { name: 'Subscribe' })).toBeEnabled();
});

test('back from Checkout while Stripe is down, the page says payments are not answering (not the error page)', async ({
  page,
  context,
  diner,
  stripe,
}) => {
  await diner.signIn(context, { username: 'e2e_outage_back' });
  // To Stripe's Checkout (a customer now exists), where Stripe goes down before they come back.
  await page.goto('/subscribe');
  await page.locator('[data-plan="supporter"]').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Supporter' })).toBeVisible();
  stripe!.setOutage('500');
  try {
    const response = await page.goto('/subscribe?success=true');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('alert').filter({ hasText: 'Payments are not answering right now' })).toBeVisible();
  } finally {
    stripe!.setOutage('none');
  }
});

test('a Stripe outage says so and changes nothing', async ({ page, context, diner, stripe }) => {
  await diner.signIn(context, { username: 'e2e_outage' });
  await page.goto('/subscribe');
  stripe!.setOutage('500');
  try {
    await page.locator('[data-plan="patron"]').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payments are not answering right now' })).toBeVisible();
    expect(page.url()).toContain('/subscribe');
    await expect(page.getByTestId('current-plan')).toHaveCount(0);
  } finally {
    stripe!.setOutage('none');
  }
});
