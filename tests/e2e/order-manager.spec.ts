import type { BrowserContext, Page } from '@playwright/test';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import type { Services } from '../../plugins/index.ts';
import { callsTo, expect, expectAccessible, fitsPhone, test } from './fixtures.ts';
import { openManager, PNG } from './kitchen.ts';

const card = (page: Page, orderID: string) => page.locator(`[data-order-id="${orderID}"]`);

/** A customer of their own for each order (one active order per customer). */
async function newCustomer(
  browser: import('@playwright/test').Browser,
  diner: import('./fixtures.ts').Diner,
  username: string,
): Promise<string> {
  const scratch = await browser.newContext();
  const { id } = await diner.signIn(scratch, { username });
  await scratch.close();
  return id;
}

test('the kitchen, live: a new order appears, one chef claims it, the other sees it at once; prepared with an upload, delivered by the queued driver', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [chefContext, otherChefContext, driverContext] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  const chef = await diner.signIn(chefContext, { username: 'chef_ana', rank: 'Chef' });
  await diner.signIn(otherChefContext, { username: 'chef_bo', rank: 'Chef' });
  const driver = await diner.signIn(driverContext, { username: 'driver_cy', rank: 'Delivery Driver' });
  const before = await services.orders.stats.figuresFor(chef.id);

  // Ready orders left by the demo data would go to the queued driver first (one assignment at a time per driver).
  for (const ready of (await services.orders.orders.listActive()).filter((o) => o.status === 'READY')) {
    await services.orders.orders.delete(
      { id: chef.id, username: 'test', displayName: null, permissions: PERMISSIONS.SUPER_ADMIN },
      ready.id,
      { reason: 'Clearing the pass for the test' },
    );
  }

  const chefPage = await openManager(chefContext);
  const otherPage = await openManager(otherChefContext);
  const driverPage = await openManager(driverContext);
  await driverPage.getByRole('button', { name: 'Join delivery queue' }).click();
  await expect(driverPage.getByRole('button', { name: 'Leave delivery queue' })).toBeVisible();

  // A customer orders (the bot's call, made here through the service): both chefs see it without a reload.
  const customerId = await newCustomer(browser, diner, 'hungry_hal');
  const order = await services.orders.orders.createOrder({
    customerId,
    item: 'Triple bacon smashburger, no pickles',
    guildId: '1200000000000000001',
    channelId: '1300000000000000001',
  });
  await expect(card(chefPage, order.orderID)).toContainText('Triple bacon smashburger, no pickles');
  await expect(card(otherPage, order.orderID)).toContainText('Waiting');

  await card(chefPage, order.orderID).getByRole('button', { name: 'Claim' }).click();
  await expect(card(chefPage, order.orderID)).toContainText('Claimed by you');
  await expect(card(otherPage, order.orderID)).toContainText('Claimed by chef_ana');
  await expect(card(otherPage, order.orderID).getByRole('button', { name: 'Claim' })).toHaveCount(0);
  await expectAccessible(chefPage);
  await fitsPhone(chefPage);

  // Prepare with an uploaded picture and a note.
  await card(chefPage, order.orderID).getByRole('button', { name: 'Prepare' }).click();
  const prepare = chefPage.getByRole('dialog', { name: `Prepare #${order.orderID}` });
  await expect(prepare).toBeVisible();
  await prepare.locator('input[type=file]').setInputFiles({ name: 'burger.png', mimeType: 'image/png', buffer: PNG });
  await expect(prepare.getByText('Pictures (1/3)')).toBeVisible();
  // A note the database cannot store: the route's own schema refuses it in the browser, in the server's words, and
  // nothing is sent.
  const prepareCalls = callsTo(chefPage, /\/prepare$/);
  await prepare.getByLabel('Chef note').fill('Extra crispy\u0000 bacon');
  await prepare.getByRole('button', { name: 'Start cooking' }).click();
  await expect(prepare.getByRole('alert')).toHaveText(
    'Invalid body.chefNote: Text must not contain a NUL character or an unpaired surrogate',
  );
  expect(prepareCalls).toEqual([]);
  await prepare.getByLabel('Chef note').fill('Extra crispy bacon, as asked.');
  await expectAccessible(chefPage);
  // The other chef's card goes through Cooking live. Cooking lasts 2 s here, shorter than a busy machine may take to
  // look: the card's every state is recorded as it changes, and the record must show Cooking before Ready.
  await otherPage.evaluate((code) => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const note = () => {
      const label = document.querySelector(`[data-order-id="${code}"] .order-card-head .tag`)?.textContent ?? '';
      if (label && seen.at(-1) !== label) seen.push(label);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, order.orderID);
  await prepare.getByRole('button', { name: 'Start cooking' }).click();
  await expect(prepare).toBeHidden();
  await expect
    .poll(async () =>
      (await otherPage.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).filter(
        (label) => label === 'Cooking' || label === 'Ready',
      ),
    )
    .toEqual(expect.arrayContaining(['Cooking']));

  // Cooking done (2 s in the e2e server): the sweeper makes it ready and assigns the driver in the queue.
  await expect(card(driverPage, order.orderID)).toContainText('Driver: you', { timeout: 15_000 });
  await card(driverPage, order.orderID).getByRole('button', { name: 'Deliver' }).click();
  const deliver = driverPage.getByRole('dialog', { name: `Deliver #${order.orderID}` });
  await expect(deliver).toContainText('@hungry_hal');
  await expect(deliver.locator('img')).toHaveCount(1);
  // A report without a reason: refused by the route's schema before any call (the delivery nor the message).
  const deliverCalls = callsTo(driverPage, /\/(deliver|premade-messages)$/);
  const reportInstead = deliver.getByRole('switch', { name: 'Report this order instead (troll or invalid)' });
  await reportInstead.setChecked(true);
  await deliver.getByLabel('Reason').fill('   ');
  await deliver.getByRole('button', { name: 'Report order' }).click();
  await expect(deliver.getByRole('alert')).toHaveText('A report needs a reason.');
  expect(deliverCalls).toEqual([]);
  await reportInstead.setChecked(false);
  await deliver.getByRole('button', { name: 'Deliver' }).click();

  // It leaves every screen.
  for (const page of [chefPage, otherPage, driverPage]) await expect(card(page, order.orderID)).toHaveCount(0);
  const delivered = await services.orders.orders.get(order.orderID);
  expect(delivered).toMatchObject({
    status: 'DELIVERED',
    preparedBy: { id: chef.id },
    deliveredBy: { id: driver.id },
    chefNote: 'Extra crispy bacon, as asked.',
  });

  // The chef's figures and the leaderboard count it.
  expect((await services.orders.stats.figuresFor(chef.id)).prepared).toBe(before.prepared + 1);
  // The customer rates it (the bot's /rate): the chef reads it on their own profile.
  await services.orders.feedback.rate(customerId, order.orderID, 4, 'Crispy bacon, as promised');
  await chefPage.goto(`/users/${chef.id}`);
  await expect(chefPage.locator('[data-figure="prepared"]')).toHaveText(String(before.prepared + 1));
  const ratings = chefPage.getByRole('region', { name: 'Customer ratings' });
  await expect(ratings).toContainText('4 / 5 from 1 rating');
  await expect(ratings).toContainText('“Crispy bacon, as promised”');
  await chefPage.goto('/leaderboard?period=day');
  await expect(chefPage.getByRole('region', { name: 'Top chefs' })).toContainText('chef_ana');
  await expect(chefPage.getByRole('region', { name: 'Top drivers' })).toContainText('driver_cy');
  for (const context of contexts) await context.close();
});

test('a chef cannot claim their own order nor a second one', async ({ browser, diner }) => {
  const services = diner.app.server.ctx.services as Services;
  const context = await browser.newContext();
  const chef = await diner.signIn(context, { username: 'chef_dee', rank: 'Chef' });
  const own = await services.orders.orders.createOrder({ customerId: chef.id, item: 'A snack for the chef' });
  const first = await services.orders.orders.createOrder({
    customerId: await newCustomer(browser, diner, 'peckish_pat'),
    item: 'Chips',
  });
  const second = await services.orders.orders.createOrder({
    customerId: await newCustomer(browser, diner, 'starving_sam'),
    item: 'Onion rings',
  });
  const page = await openManager(context);
  await expect(card(page, own.orderID).getByRole('button', { name: 'Claim' })).toBeDisabled();
  await expect(card(page, own.orderID).getByRole('button', { name: 'Claim' })).toHaveAttribute(
    'title',
    'You cannot claim your own order.',
  );
  await expect(card(page, own.orderID).getByRole('button', { name: 'Claim' })).toHaveAccessibleDescription(
    'You cannot claim your own order.',
  );
  await expect(card(page, own.orderID).getByText('You cannot claim your own order.')).toBeVisible();
  await card(page, first.orderID).getByRole('button', { name: 'Claim' }).click();
  await expect(card(page, first.orderID)).toContainText('Claimed by you');
  await expect(card(page, second.orderID).getByRole('button', { name: 'Claim' })).toBeDisabled();
  await expect(card(page, second.orderID).getByRole('button', { name: 'Claim' })).toHaveAttribute(
    'title',
    `You already hold order ${first.orderID}.`,
  );
  await expect(card(page, second.orderID).getByRole('button', { name: 'Claim' })).toHaveAccessibleDescription(
    `You already hold order ${first.orderID}.`,
  );
  // The server says the same to a chef who tries anyway.
  const refused = await page.request.post(`/api/client/orders/${second.id}/claim`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(refused.status()).toBe(409);
  await context.close();
});

test('the order manager in French: its columns and cards, and the toast of a claim', async ({ browser, diner }) => {
  const services = diner.app.server.ctx.services as Services;
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signIn(context, { username: 'chef_flo', rank: 'Chef' });
  const page = await context.newPage();
  await page.goto('/staff/orders');
  await expect(page.getByRole('status').filter({ hasText: 'En direct' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion des commandes');
  await expect(page.getByRole('heading', { name: /^File de la cuisine/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rejoindre la file des livraisons' })).toBeVisible();
  const customerId = await newCustomer(browser, diner, 'hungry_helene');
  const order = await services.orders.orders.createOrder({
    customerId,
    item: 'Croque-monsieur',
    guildId: '1200000000000000001',
    channelId: '1300000000000000001',
  });
  await expect(card(page, order.orderID)).toContainText('En attente');
  await expect(card(page, order.orderID)).toContainText('Commandé par hungry_helene');
  await card(page, order.orderID).getByRole('button', { name: 'Prendre' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    `Vous avez pris la commande n° ${order.orderID} : préparez-la avant la fin du minuteur.`,
  );
  await expect(card(page, order.orderID)).toContainText('Prise par vous');
  await card(page, order.orderID).getByRole('button', { name: 'Préparer' }).click();
  await expect(page.getByRole('dialog', { name: `Préparer la commande n° ${order.orderID}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lancer la cuisson' })).toBeVisible();
  await context.close();
});

test("the deliver dialog previews the default message in the order's server's language", async ({ browser, diner }) => {
  const services = diner.app.server.ctx.services as Services;
  const context = await browser.newContext();
  // An order manager may deliver any ready order, whichever driver it was given to.
  await diner.signIn(context, { username: 'manager_mo', permissions: ['MANAGE_ORDERS', 'VIEW_BACKLOG'] });
  const chefId = await newCustomer(browser, diner, 'chef_claude');
  const chef = { id: chefId, username: 'chef_claude', displayName: null, permissions: PERMISSIONS.MANAGE_ORDERS };
  // A French server that never sent an interaction: the gateway's GUILD_CREATE told the bot its language.
  const french = '1200000000000000077';
  await services.discord.guilds.heard(french, 'fr');
  const order = await services.orders.orders.createOrder({
    customerId: await newCustomer(browser, diner, 'hungry_hugo'),
    item: 'Quiche lorraine',
    guildId: french,
    channelId: '1300000000000000077',
  });
  await services.orders.orders.claim(chef, order.id);
  await services.orders.orders.prepare(chef, order.id, { images: ['/food/burger.svg'], chefNote: null });

  const page = await openManager(context);
  // Cooking done (2 s in the e2e server): ready to deliver.
  await card(page, order.orderID).getByRole('button', { name: 'Deliver' }).click({ timeout: 15_000 });
  const deliver = page.getByRole('dialog', { name: `Deliver #${order.orderID}` });
  const preview = deliver.locator('.delivery-preview > p');
  await expect(preview).toHaveText(
    `Voici votre commande, @hungry_hugo : Quiche lorraine ! Préparée par chef_claude et livrée par manager_mo. Bon appétit ! (Commande ${order.orderID})`,
  );
  await expect(preview).toHaveAttribute('lang', 'fr');
  await expect(preview).toBeVisible();
  // The dialog's own words stay in the page's language.
  await expect(deliver.getByText('The bot will post')).toBeVisible();
  await expect(deliver.getByText('The default message: set your own on your profile.')).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
