import type { Browser } from '@playwright/test';
import { newId } from '../../core/ids.ts';
import type { Services } from '../../plugins/index.ts';
import { FoodLookupQuerySchema } from '../../plugins/orders/entities.ts';
import { callsTo, checkState, type Diner, expect, expectAccessible, fitsPhone, test } from './fixtures.ts';

async function customer(browser: Browser, diner: Diner, username: string): Promise<string> {
  const scratch = await browser.newContext();
  const { id } = await diner.signIn(scratch, { username });
  await scratch.close();
  return id;
}

test('food lookup: a chef searches (and the search is logged); a super admin adds and deletes a food', async ({
  browser,
  diner,
}) => {
  const chefContext = await browser.newContext();
  const chef = await diner.signIn(chefContext, { username: 'lookup_chef', rank: 'Chef' });
  const page = await chefContext.newPage();
  await page.goto('/staff/food-lookup');
  await page.getByLabel('Search food').fill('burger');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/staff\/food-lookup\?query=burger$/);
  await expect(page.locator('.food-item h2')).toHaveText(['Cheeseburger']);
  const logged = await diner.app.server.ctx.orm.em.fork().find(FoodLookupQuerySchema, { user: chef.id });
  expect(logged.map((q) => q.query)).toEqual(['burger']);
  await expect(page.getByRole('heading', { name: 'Add a food' })).toHaveCount(0);
  await expectAccessible(page);
  await chefContext.close();

  const adminContext = await browser.newContext();
  await diner.signIn(adminContext, { username: 'lookup_owner', permissions: ['SUPER_ADMIN'] });
  const admin = await adminContext.newPage();
  await admin.goto('/staff/food-lookup');
  await admin.getByLabel('Name').fill('Loaded nachos');
  await admin.getByLabel('Keywords').fill('nachos, cheese');
  // No picture: the route's own schema refuses it before any call, in the server's words, the field marked.
  const foodCalls = callsTo(admin, /\/food-lookup\/items$/);
  await admin.getByRole('button', { name: 'Add food' }).click();
  const refusal = 'Invalid body.images: Too small: expected array to have >=1 items';
  await expect(admin.locator('#food-create').getByRole('alert')).toHaveText(refusal);
  await expect(admin.getByLabel('Picture links')).toHaveAttribute('aria-invalid', 'true');
  await expect(admin.getByLabel('Picture links')).toHaveAccessibleDescription(
    /Too small: expected array to have >=1 items/,
  );
  expect(foodCalls).toEqual([]);
  await admin.getByLabel('Picture links').fill('https://images.example.com/nachos.webp');
  await admin.getByRole('button', { name: 'Add food' }).click();
  await expect(admin.getByTestId('toast')).toHaveText('Loaded nachos added.');
  const nachos = admin.locator('.food-item', { hasText: 'Loaded nachos' });
  await expect(nachos).toBeVisible();
  await fitsPhone(admin);
  admin.once('dialog', (dialog) => void dialog.accept());
  await nachos.getByRole('button', { name: 'Delete' }).click();
  await expect(nachos).toHaveCount(0);
  await adminContext.close();
});

test('order management: a super admin finds an order by its ID, reads its timeline and deletes it with a reason', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const order = await services.orders.orders.createOrder({
    customerId: await customer(browser, diner, 'managed_mo'),
    item: 'A suspicious sandwich',
  });
  const context = await browser.newContext();
  await diner.signIn(context, { username: 'om_owner', permissions: ['SUPER_ADMIN'] });
  const page = await context.newPage();
  await page.goto('/staff/admin/order-management');
  await page.getByLabel('Search').fill(order.orderID.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(order.orderID) });
  await expect(row).toContainText('A suspicious sandwich');
  await expect(row).toContainText('Waiting');
  await expectAccessible(page);
  await fitsPhone(page);

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete #${order.orderID}` });
  await dialog.getByRole('button', { name: 'Delete order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tell the customer why.');
  await dialog.getByLabel('Reason (the customer is told)').fill('Not food.');
  await dialog.getByRole('button', { name: 'Delete order' }).click();
  await expect(page.getByTestId('toast')).toHaveText(`#${order.orderID} deleted.`);
  await expect(page.getByRole('row', { name: new RegExp(order.orderID) })).toContainText('Deleted');

  await page.goto(`/staff/orders/${order.orderID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${order.orderID}`);
  await expect(page.locator('.order-timeline li')).toHaveText([/^Ordered by managed_mo/, /^Deleted/]);
  await expect(page.getByText('Deleted: Not food.')).toBeVisible();
  await page.goto('/staff/orders/not-an-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await context.close();
});

test('order management and order history in French: the list, the Delete’s toast and the history’s words', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const customerId = await customer(browser, diner, 'managed_marie');
  const order = await services.orders.orders.createOrder({ customerId, item: 'Un sandwich douteux' });
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signIn(context, { username: 'om_owner_fr', permissions: ['SUPER_ADMIN'] });
  const page = await context.newPage();
  await page.goto(`/staff/admin/order-management?query=${order.orderID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion des commandes');
  await expect(page.getByLabel('Recherche')).toHaveValue(order.orderID);
  const row = page.getByRole('row', { name: new RegExp(order.orderID) });
  await row.getByRole('button', { name: 'Supprimer' }).click();
  // The order manager's own Delete dialog, in French too.
  const dialog = page.getByRole('dialog', { name: `Supprimer la commande n° ${order.orderID}` });
  await dialog.getByLabel('Motif (communiqué au client)').fill('Pas de la nourriture.');
  await dialog.getByRole('button', { name: 'Supprimer la commande' }).click();
  await expect(page.getByTestId('toast')).toHaveText(`#${order.orderID} supprimée.`);
  await page.goto(`/staff/admin/order-history/${customerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Historique des commandes');
  await expect(page.getByRole('row', { name: new RegExp(order.orderID) })).toContainText('client');
  await context.close();
});

test("order history: a customer known only by their orders (the bot's, never signed in here) has one, reached from Order Management", async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  // No user row: the order was made for them by the bot; their name in Order Management leads to their history,
  // named by their ID, not to the 404 page.
  const botOnly = newId();
  const botOrder = await services.orders.orders.createOrder({
    customerId: botOnly,
    item: 'Bot-only breakfast burrito',
    guildId: '1200000000000000001',
    channelId: '1300000000000000001',
  });
  const context = await browser.newContext();
  await diner.signIn(context, { username: 'oh_owner', permissions: ['SUPER_ADMIN'] });
  const page = await context.newPage();
  await page.goto(`/staff/admin/order-management?query=${botOrder.orderID}`);
  await page
    .getByRole('row', { name: new RegExp(botOrder.orderID) })
    .getByRole('link', { name: 'Unknown user' })
    .click();
  await expect(page).toHaveURL(`/staff/admin/order-history/${botOnly}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order history');
  await expect(page.getByText(botOnly, { exact: true })).toBeVisible();
  await expect(page.getByText('never signed in here', { exact: false })).toBeVisible();
  await expect(page.locator(`a[href="/users/${botOnly}"]`)).toHaveCount(0);
  const row = page
    .getByRole('table', { name: `Orders of ${botOnly}` })
    .getByRole('row', { name: new RegExp(botOrder.orderID) });
  await expect(row).toContainText('Bot-only breakfast burrito');
  await expect(row).toContainText('customer');
  await checkState(page);
  // The order's own page names them by ID too: no link to a profile they do not have.
  await page.goto(`/staff/orders/${botOrder.orderID}`);
  await expect(page.locator('.order-meta')).toHaveText(`Ordered by ${botOnly} (never signed in here)`);
  await expect(page.locator('.order-timeline li').first()).toHaveText(new RegExp(`^Ordered by ${botOnly} ·`));
  await expect(page.locator(`a[href="/users/${botOnly}"]`)).toHaveCount(0);
  // An ID with neither a user nor orders is still the 404 page.
  await page.goto(`/staff/admin/order-history/${newId()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await context.close();
});

test('online users: a super admin sees, live, who has the site open with a live connection', async ({
  browser,
  diner,
}) => {
  const adminContext = await browser.newContext();
  await diner.signIn(adminContext, { username: 'online_owner', permissions: ['SUPER_ADMIN'] });
  const admin = await adminContext.newPage();
  await admin.goto('/staff/admin/online-users');
  const rows = admin.locator('[data-online-users] tr');
  await expect(rows.filter({ hasText: 'online_owner' })).toHaveCount(1);

  const chefContext = await browser.newContext();
  await diner.signIn(chefContext, { username: 'online_chef', rank: 'Chef' });
  const chef = await chefContext.newPage();
  await chef.goto('/staff/orders');
  await expect(rows.filter({ hasText: 'online_chef' })).toHaveCount(1);
  await expectAccessible(admin);
  await chefContext.close();
  await expect(rows.filter({ hasText: 'online_chef' })).toHaveCount(0);
  await adminContext.close();
});

test('food lookup in German: the search, its count and the list’s own words; adding a food says so in German', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'lookup_heidi', permissions: ['SUPER_ADMIN'] });
  const page = await context.newPage();
  await page.goto('/staff/food-lookup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gerichtesuche');
  await page.getByLabel('Gericht suchen').fill('burger');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('1 Gericht');
  await expect(page.getByRole('link', { name: 'Zurücksetzen' })).toBeVisible();
  await page.getByLabel('Gericht suchen').fill('zzzz');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByText('Nichts gefunden für „zzzz“. Versuch es mit einem anderen Wort.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Currywurst');
  await page.getByLabel('Bildlinks').fill('https://images.example.com/currywurst.webp');
  await page.getByRole('button', { name: 'Gericht hinzufügen' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Currywurst hinzugefügt.');
  await context.close();
});
