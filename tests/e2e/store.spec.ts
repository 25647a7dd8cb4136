import type { Browser, Page } from '@playwright/test';
import { UserSchema } from '../../core/auth/entities.ts';
import { appServices } from '../../plugins/index.ts';
import { callsTo, checkState, type Diner, expect, test } from './fixtures.ts';

const CASEY = '1100000000000000001';
const DANA = '1100000000000000003';
const SAM = '1100000000000000005';

/** Each test starts from the demo data of its own server (with several workers): none needs another's purchases. */
test.describe.configure({ mode: 'parallel' });

/** A browser of the user's own, signed in, on /store. */
async function openStore(browser: Browser, diner: Diner, userId: string): Promise<Page> {
  const context = await browser.newContext();
  await diner.signInAs(context, userId);
  const page = await context.newPage();
  await page.goto('/store');
  return page;
}

test('Casey gifts the feedback pass to Dana, found by username and confirmed by name; Dana sees the gift and has the perk', async ({
  browser,
  diner,
}) => {
  const store = appServices(diner.app.server.ctx).store;
  const page = await openStore(browser, diner, CASEY);
  const before = await store.coins.balance(CASEY);
  await expect(page.getByTestId('store-balance')).toContainText(`You have ${before.toLocaleString('en')} coins`);
  // The store as a customer sees it (Buy, the balance); pages.spec.ts loads it as a visitor.
  await checkState(page);

  // A gift: found by username, confirmed by name and picture, then paid.
  await page
    .getByTestId('store-item')
    .filter({ hasText: 'Feedback beta pass' })
    .getByRole('button', { name: 'Buy' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Buy Feedback beta pass' });
  await dialog.getByLabel('As a gift').check();
  await expect(dialog.getByRole('button', { name: 'Find who it is for first' })).toBeDisabled();
  await dialog.getByLabel('Their username or user ID').fill('nobody.here');
  await dialog.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(dialog.getByText('Nobody has that ID or username.')).toBeVisible();
  await dialog.getByLabel('Their username or user ID').fill('dana.driver');
  await dialog.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(dialog.getByText('Dana Driver', { exact: true })).toBeVisible();
  await checkState(page);
  await dialog.getByRole('button', { name: 'Send to Dana Driver for 300 coins' }).click();
  await expect(page.getByTestId('toast')).toContainText('Feedback beta pass is on its way to Dana Driver. Thank you!');
  await expect(page.getByTestId('store-balance')).toContainText(
    `You have ${(before - 300).toLocaleString('en')} coins`,
  );
  await page.context().close();

  // Dana: the notice, the perk, and the gift among her items with its end date.
  const dana = await browser.newContext();
  await diner.signInAs(dana, DANA);
  const danaPage = await dana.newPage();
  await danaPage.goto('/users/@me/notifications');
  await expect(danaPage.getByTestId('notification').first()).toContainText(
    'Casey Customer sent you a gift from the store: Feedback beta pass.',
  );
  await danaPage.goto('/store');
  const gift = danaPage.getByTestId('your-items').getByRole('listitem').filter({ hasText: 'Feedback beta pass' });
  await expect(gift).toContainText('a gift from Casey Customer');
  await expect(gift).toContainText(/Until \d{1,2} \w{3} \d{4}/);
  const danaUser = await diner.app.server.ctx.orm.em.fork().findOneOrFail(UserSchema, { id: DANA });
  expect(danaUser.grantedPerks).toContain('FEEDBACK_BETA');
  await dana.close();
});

test('Casey buys a dish for herself, awaiting the kitchen; Sam (site settings) sees it awaiting and hands it over', async ({
  browser,
  diner,
}) => {
  const page = await openStore(browser, diner, CASEY);
  await page.getByTestId('store-item').filter({ hasText: 'Name a dish' }).getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('dialog', { name: 'Buy Name a dish' }).getByRole('button', { name: 'Pay 5,000 coins' }).click();
  await expect(page.getByTestId('toast')).toContainText('You bought Name a dish. Enjoy!');
  await expect(page.getByTestId('your-items')).toContainText('Name a dishOur staff will hand it over');
  await page.context().close();

  const sam = await browser.newContext();
  await diner.signInAs(sam, SAM);
  const samPage = await sam.newPage();
  await samPage.goto('/staff/admin/settings?tab=store');
  await expect(samPage.getByRole('heading', { level: 1 })).toHaveText('Site Settings');
  await expect(
    samPage.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Store' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(samPage.getByTestId('admin-store-item').filter({ hasText: 'Pumpkin hat' })).toContainText('Off sale');
  await checkState(samPage);
  const awaiting = samPage
    .getByTestId('store-awaiting')
    .getByRole('listitem')
    .filter({ hasText: 'for Casey Customer' });
  await awaiting.getByRole('button', { name: 'Mark handed over' }).click();
  await expect(samPage.getByTestId('toast')).toContainText('Marked as handed over.');
  await expect(
    samPage.getByTestId('store-awaiting').getByRole('listitem').filter({ hasText: 'for Casey Customer' }),
  ).toHaveCount(0);
  await sam.close();
});

test('Casey finds a recipient with Enter without paying, cancels, and the next Buy opens a fresh dialog for its own item', async ({
  browser,
  diner,
}) => {
  const store = appServices(diner.app.server.ctx).store;
  const page = await openStore(browser, diner, CASEY);
  const before = await store.coins.balance(CASEY);
  await page.getByTestId('store-item').filter({ hasText: 'Gift card' }).getByRole('button', { name: 'Buy' }).click();
  const giftCard = page.getByRole('dialog', { name: 'Buy Gift card' });
  await expect(giftCard).toContainText('for 250 coins.');
  await giftCard.getByLabel('As a gift').check();
  await giftCard.getByLabel('Their username or user ID').fill('dana.driver');
  await giftCard.getByLabel('Their username or user ID').press('Enter');
  await expect(giftCard.getByText('Dana Driver', { exact: true })).toBeVisible();
  await expect(giftCard.getByRole('button', { name: 'Send to Dana Driver for 250 coins' })).toBeEnabled();
  await giftCard.getByRole('button', { name: 'Cancel' }).click();
  await expect(giftCard).toBeHidden();
  expect(await store.coins.balance(CASEY)).toBe(before);

  await page
    .getByTestId('store-item')
    .filter({ hasText: 'Feedback beta pass' })
    .getByRole('button', { name: 'Buy' })
    .click();
  const pass = page.getByRole('dialog', { name: 'Buy Feedback beta pass' });
  await expect(pass.getByLabel('For me')).toBeChecked();
  await expect(pass.getByLabel('Their username or user ID')).toBeHidden();
  await expect(pass.getByRole('button', { name: 'Pay 300 coins' })).toBeEnabled();
  await page.context().close();
});

test('Sam (site settings) adds an item, takes it off sale and back, restocks it, edits it and deletes it; a refused item or restock is toasted with the server’s message before any call', async ({
  browser,
  diner,
}) => {
  const sam = await browser.newContext();
  await diner.signInAs(sam, SAM);
  const page = await sam.newPage();
  await page.goto('/staff/admin/settings?tab=store');
  const itemCalls = callsTo(page, /^\/api\/client\/store\/items/);
  const form = page.getByRole('form', { name: 'Add an item' });
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByTestId('toast')).toContainText('An item name needs at least one visible character.');
  await form.getByLabel('Name').fill('Mug of coins');
  await form.getByLabel('Price in coins').fill('2000000');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Invalid body.price' })).toHaveText(
    'Invalid body.price: Too big: expected number to be <=1000000',
  );
  // The route's own schema refused both in the browser: nothing was sent.
  expect(itemCalls).toEqual([]);

  await form.getByLabel('Price in coins').fill('40');
  // Only the fields of the kind chosen show.
  await expect(form.getByLabel('Perk', { exact: true })).toBeVisible();
  await form.getByLabel('What it grants').selectOption('coins');
  await expect(form.getByLabel('Perk', { exact: true })).toBeHidden();
  await form.getByLabel('Coins it gives').fill('10');
  await form.getByLabel('Stock (empty: unlimited)').fill('2');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Mug of coins added to the store.' })).toBeVisible();
  const row = page.getByTestId('admin-store-item').filter({ hasText: 'Mug of coins' });
  await expect(row).toContainText('10 coins');

  await row.getByRole('button', { name: 'Take off sale' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The item is off sale.' })).toBeVisible();
  await expect(row).toContainText('Off sale');
  await row.getByRole('button', { name: 'Put on sale' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The item is on sale.' })).toBeVisible();
  await expect(row).toContainText('On sale');

  // More than the schema's most: the server's message, and no call.
  await row.getByLabel('Add to the stock of Mug of coins').fill('2000000');
  await row.getByRole('button', { name: 'Restock' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Invalid body.add' })).toHaveText(
    'Invalid body.add: Too big: expected number to be <=1000000',
  );
  expect(itemCalls.filter((call) => call.endsWith('/restock'))).toEqual([]);
  await row.getByLabel('Add to the stock of Mug of coins').fill('3');
  await row.getByRole('button', { name: 'Restock' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Restocked: 3 more.' })).toBeVisible();
  await expect(row.locator('td[data-label="Stock"]')).toHaveText('5');

  await row.getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit Mug of coins' });
  await expect(edit.getByLabel('Coins it gives')).toHaveValue('10');
  await edit.getByLabel('Price in coins').fill('45');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Mug of coins saved.' })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/admin\/settings\?tab=store$/);
  await expect(row.locator('td[data-label="Price"]')).toHaveText('45');

  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Item deleted.' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await sam.close();
});

test('a visitor sees the items and a sign-in link', async ({ page }) => {
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store');
  await expect(page.getByTestId('store-item').filter({ hasText: 'Gift card' })).toContainText('250 coins');
  await expect(page.getByRole('link', { name: 'Sign in to buy' }).first()).toHaveAttribute(
    'href',
    '/login?redirect=/store',
  );
  await expect(page.getByRole('button', { name: 'Buy' })).toHaveCount(0);
});

test('without sponsor payments set up, /store?success=true thanks nobody for a sponsorship, visitor or customer', async ({
  browser,
  page,
  diner,
}) => {
  await page.goto('/store?success=true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store');
  await expect(page.getByTestId('store-item').first()).toBeVisible();
  await expect(page.getByTestId('sponsor-thanks')).toHaveCount(0);
  await expect(page.getByText('coins are on their way')).toHaveCount(0);

  const casey = await browser.newContext();
  await diner.signInAs(casey, CASEY);
  const caseyPage = await casey.newPage();
  await caseyPage.goto('/store?success=true');
  await expect(caseyPage.getByTestId('store-balance')).toBeVisible();
  await expect(caseyPage.getByTestId('sponsor-thanks')).toHaveCount(0);
  await expect(caseyPage.getByTestId('sponsor-offer')).toHaveCount(0);
  await casey.close();
});

test('the store in German: the cards, the balance, and the buy dialog’s words and toast', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signInAs(context, CASEY);
  const page = await context.newPage();
  await page.goto('/store');
  await expect(page).toHaveTitle('Shop | Virtual Diner');
  await expect(page.getByTestId('store-balance')).toContainText(/^Du hast [\d.]+ Münzen$/);
  const card = page.getByTestId('store-item').filter({ hasText: 'Feedback beta pass' });
  await expect(card.getByTestId('store-item-price')).toHaveText('300 Münzen');
  await card.getByRole('button', { name: 'Kaufen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feedback beta pass kaufen' });
  await dialog.getByLabel('Als Geschenk').check();
  await expect(dialog.getByRole('button', { name: 'Finde zuerst, für wen es ist' })).toBeDisabled();
  await dialog.getByLabel('Benutzername oder Nutzer-ID').fill('dana.driver');
  await dialog.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(dialog.getByText('Meinst du diese Person? Prüfe Name und Bild, bevor du bezahlst.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Für 300 Münzen an Dana Driver senden' }).click();
  await expect(page.getByTestId('toast')).toContainText('Feedback beta pass ist auf dem Weg zu Dana Driver. Danke!');
  await context.close();
});

test('the Store tab in Spanish: the item form, each action and their toasts, the rewards awaiting (issue 44)', async ({
  browser,
  diner,
}) => {
  const sam = await browser.newContext({ locale: 'es-ES' });
  await diner.signInAs(sam, SAM);
  const page = await sam.newPage();
  await page.goto('/staff/admin/settings?tab=store');
  await expect(page.getByRole('heading', { name: 'Artículos de la tienda' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recompensas personalizadas por entregar' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Añadir un artículo' });
  await form.getByLabel('Nombre').fill('Taza de monedas');
  await form.getByLabel('Precio en monedas').fill('1200');
  await form.getByLabel('Qué otorga').selectOption('coins');
  await form.getByLabel('Monedas que da').fill('10');
  await form.getByLabel('Existencias (vacío: ilimitadas)').fill('2');
  await form.getByRole('button', { name: 'Añadir artículo' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Taza de monedas añadido a la tienda.' })).toBeVisible();
  const row = page.getByTestId('admin-store-item').filter({ hasText: 'Taza de monedas' });
  await expect(row.locator('td[data-label="Precio"]')).toHaveText('1200');
  await expect(row.locator('td[data-label="Otorga"]')).toHaveText('10 monedas');

  await row.getByRole('button', { name: 'Retirar de la venta' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'El artículo está retirado de la venta.' })).toBeVisible();
  await expect(row.locator('td[data-label="Estado"]')).toHaveText('Retirado de la venta');
  await row.getByLabel('Añadir a las existencias de Taza de monedas').fill('3');
  await row.getByRole('button', { name: 'Reponer' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Repuesto: 3 más.' })).toBeVisible();
  await expect(row.locator('td[data-label="Existencias"]')).toHaveText('5');

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('¿Eliminar Taza de monedas? Nadie lo ha comprado todavía.');
    void dialog.accept();
  });
  await row.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Artículo eliminado.' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await sam.close();
});
