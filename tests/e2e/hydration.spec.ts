import type { Services } from '../../plugins/index.ts';
import { expect, test } from './fixtures.ts';
import { ALL_PAGES, PUBLIC, VIEWERS } from './pages.ts';

test('the order manager hydrates without a mismatch while countdowns show, on a browser whose clock is off and whose preferences differ from the defaults', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  // A customer's order, claimed by another chef: its card counts down to the claim's expiry.
  const scratch = await browser.newContext();
  const { id: customerId } = await diner.signIn(scratch, { username: 'clock_customer' });
  const { id: otherChef } = await diner.signIn(scratch, { username: 'clock_chef', rank: 'Chef' });
  await scratch.close();
  const order = await services.orders.orders.createOrder({
    customerId,
    item: 'Slow-roasted countdown ribs',
    guildId: '1200000000000000001',
    channelId: '1300000000000000001',
  });
  await services.orders.orders.claim({ id: otherChef, permissions: 0 }, order.orderID);

  const context = await browser.newContext();
  await diner.signIn(context, { username: 'clock_watcher', rank: 'Chef' });
  // The browser's clock runs 90 s ahead of the server's (as a visitor's clock may): server and browser would
  // compute different countdowns and ages for the same instant.
  await context.clock.install({ time: Date.now() + 90_000 });
  // And preferences the server cannot know (localStorage): only deliveries for me, sound on.
  await context.addInitScript(() => {
    localStorage.setItem(
      'orderManager_orderFilter',
      JSON.stringify({ kitchenQueue: { showOthers: true }, deliveryQueue: { onlyMine: true } }),
    );
    localStorage.setItem('orderManager_soundEffects', 'true');
  });
  const problems: string[] = [];
  const page = await context.newPage();
  // And the island hydrates late (as on a busy machine): its script is held until the notification bell has opened
  // the live gateway, so the gateway's status has changed in the browser before the island's first render.
  const socketOpened = page.waitForEvent('websocket');
  await page.route(/\/_astro\/OrderManager\.[^/]*\.js$/, async (route) => {
    await socketOpened;
    await route.continue();
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.goto('/staff/orders');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const card = page.locator(`[data-order-id="${order.orderID}"]`);
  await expect(card.locator('[data-claim-timer] time')).toHaveText(/^\d+:\d\d$/);
  await expect(card.locator('.order-age')).not.toBeEmpty();
  await expect(page.getByLabel('Only deliveries for me')).toBeChecked();
  expect(problems.filter((p) => /hydrat|#418|#423|#425|did not match/i.test(p))).toEqual([]);
  await context.close();
});

/**
 * Before its island runs, a control in it does nothing: a click or a keystroke then would be lost. So every control
 * an island renders is disabled until it hydrates (docs/site-patterns.md §11), or the island adopts what the page
 * holds when it does (the recruitment form reads what was typed); a closed dialog's controls wait for the island to
 * open it. Every page, as the super admin who sees the most,
 * with the browser's JavaScript off: the page as it is before any island runs.
 */
test('no island offers a control before it can act on it, on any page', async ({ browser, diner }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await diner.signInAs(context, VIEWERS.superAdmin);
  const page = await context.newPage();
  const usable: string[] = [];
  for (const path of ALL_PAGES.filter((p) => !PUBLIC.includes(p))) {
    await page.goto(path);
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('astro-island')]
        // The recruitment form adopts what was typed before it ran (its Send waits for it).
        .filter((island) => !island.getAttribute('component-url')?.includes('ApplicationForm'))
        .flatMap((island) => [...island.querySelectorAll<HTMLElement>('button, input, select, textarea')])
        // A closed dialog's controls cannot be reached until the island opens it.
        .filter((control) => !control.closest('dialog:not([open])'))
        .filter((control) => !(control as HTMLInputElement).disabled && (control as HTMLInputElement).type !== 'hidden')
        .map(
          (control) =>
            `${control.tagName.toLowerCase()} "${(control.textContent || control.getAttribute('name') || control.id).trim().slice(0, 40)}"`,
        ),
    );
    usable.push(...found.map((control) => `${path}: ${control}`));
  }
  expect(usable).toEqual([]);
  await context.close();
});
