import type { BrowserContext, Page } from '@playwright/test';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import { SAMPLE_ORDER } from '../../plugins/delivery-messages/schemas.ts';
import type { Services } from '../../plugins/index.ts';
import { fillDeliveryMessage } from '../../plugins/users/schemas.ts';
import { checkState, type Diner, expect, test } from './fixtures.ts';
import { openManager } from './kitchen.ts';

// Each test makes its own users, orders and messages: they run side by side.
test.describe.configure({ mode: 'parallel' });

const card = (page: Page, orderID: string) => page.locator(`[data-order-id="${orderID}"]`);

/** A user's CurrentUser, to act through the services as they would through the site. */
async function currentUser(diner: Diner, token: string): Promise<CurrentUser> {
  return (await diner.app.server.ctx.sessions.validate(token))!.user;
}

/** The demo directory's "Special delivery" message, as it is before the test. */
function specialDelivery(services: Services) {
  return services['delivery-messages'].messages.get(
    { id: '0', username: 'test', displayName: null, permissions: PERMISSIONS.SUPER_ADMIN, perks: [] } as never,
    'special-delivery',
  );
}

test('a driver browses the premade message directory: each message previewed with the sample order, and searches it', async ({
  browser,
  diner,
}) => {
  const premade = await specialDelivery(diner.app.server.ctx.services as Services);
  const context = await browser.newContext();
  await diner.signIn(context, { username: 'driver_browsing', rank: 'Delivery Driver' });
  const page = await context.newPage();
  await page.goto('/staff/delivery-messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premade Message Directory');
  const special = page.locator('[data-message-slug="special-delivery"]');
  await expect(special.getByTestId('message-preview')).toHaveText(fillDeliveryMessage(premade.message, SAMPLE_ORDER));
  await page.getByLabel('Search titles and messages').fill('grill');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('[data-message-slug]')).toHaveCount(1);
  await expect(page.locator('[data-message-slug="from-the-grill"]')).toBeVisible();
  await context.close();
});

test('a driver picks a premade message in the deliver dialog and delivers with it', async ({ browser, diner }) => {
  const services = diner.app.server.ctx.services as Services;
  const premade = await specialDelivery(services);
  const [driverContext, scratch] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  const driver = await diner.signIn(driverContext, { username: 'driver_premade', rank: 'Delivery Driver' });
  const chef = await diner.signIn(scratch, { username: 'chef_premade', rank: 'Chef' });
  const { id: customerId } = await diner.signIn(scratch, { username: 'hungry_premade' });
  await scratch.close();
  const orders = services.orders.orders;
  const admin = { id: chef.id, username: 'test', displayName: null, permissions: PERMISSIONS.SUPER_ADMIN };
  // Ready orders left by the demo data would go to the queued driver first (one assignment at a time per driver).
  for (const ready of (await orders.listActive()).filter((o) => o.status === 'READY')) {
    await orders.delete(admin, ready.id, { reason: 'Clearing the pass for the test' });
  }

  // An order is cooked for them (the bot's and the chef's calls, made through the services) and assigned when ready.
  const manager = await openManager(driverContext);
  await manager.getByRole('button', { name: 'Join delivery queue' }).click();
  await expect(manager.getByRole('button', { name: 'Leave delivery queue' })).toBeVisible();
  const order = await orders.createOrder({
    customerId,
    item: 'Chili cheese fries',
    guildId: '1200000000000000001',
    channelId: '1300000000000000001',
  });
  await orders.claim({ id: chef.id, permissions: 0 }, order.id);
  await orders.prepare({ id: chef.id, permissions: 0 }, order.id, { images: ['/food/fries.svg'], chefNote: null });
  await expect(card(manager, order.orderID)).toContainText('Driver: you', { timeout: 20_000 });

  // The deliver dialog offers their saved message (none yet: the default) and the directory; they pick one.
  await card(manager, order.orderID).getByRole('button', { name: 'Deliver' }).click();
  const dialog = manager.getByRole('dialog', { name: `Deliver #${order.orderID}` });
  await expect(dialog.getByRole('radio', { name: 'The default message' })).toBeChecked();
  await dialog.getByLabel('Or pick from the directory').fill('special');
  await dialog.getByRole('radio', { name: premade.title }).check();
  await expect(dialog.locator('.delivery-preview')).toContainText(
    `Special delivery for @hungry_premade: one Chili cheese fries (order ${order.orderID})`,
  );
  await checkState(manager);
  await dialog.getByRole('button', { name: 'Deliver' }).click();
  await expect(card(manager, order.orderID)).toHaveCount(0);

  // Delivered, with the premade message now theirs (what the bot reads), and the use counted.
  expect(await orders.get(order.orderID)).toMatchObject({ status: 'DELIVERED', deliveredBy: { id: driver.id } });
  const user = await services.users.users.findPrivate(driver.id);
  expect(user?.settings.deliveryMessage?.message).toBe(premade.message);
  const after = await services['delivery-messages'].messages.get(
    { id: driver.id, permissions: 0, perks: [] } as never,
    premade._id,
  );
  expect(after.uses).toBe(premade.uses + 1);
  const page = await driverContext.newPage();
  await page.goto('/staff/delivery-messages');
  await expect(page.getByRole('region', { name: 'Your delivery message' }).getByTestId('message-preview')).toHaveText(
    fillDeliveryMessage(premade.message, SAMPLE_ORDER),
  );
  await expect(page.locator('[data-message-slug="special-delivery"]')).toContainText('Your delivery message');
  await manager.getByRole('button', { name: 'Leave delivery queue' }).click();
  await driverContext.close();
});

test('a chef writes a premade message with the preview as they type and adds it to the directory', async ({
  browser,
  diner,
}) => {
  const chefContext = await browser.newContext();
  await diner.signIn(chefContext, { username: 'chef_writer', rank: 'Chef' });
  const page = await chefContext.newPage();
  await page.goto('/staff/delivery-messages/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New premade message');
  await page.getByLabel('Title').fill('Midnight snack');
  await expect(page.getByLabel('Slug')).toHaveAttribute('placeholder', 'midnight-snack');
  const message = page.getByLabel('Message');
  await message.fill('Your late-night ');
  await page.getByRole('button', { name: '{item}' }).click();
  await message.press('End');
  await message.pressSequentially(' is here.');
  await expect(page.locator('#message-problem')).toHaveText('A delivery message must mention {customer}.');
  await message.press('Home');
  await page.getByRole('button', { name: '{customer}' }).click();
  await message.pressSequentially(', ');
  await expect(page.locator('#message-problem')).toHaveText('');
  await expect(page.getByTestId('message-preview')).toHaveText(
    `${SAMPLE_ORDER.customer}, Your late-night ${SAMPLE_ORDER.item} is here.`,
  );
  await checkState(page);
  await page.getByRole('button', { name: 'Add to the directory' }).click();
  await expect(page).toHaveURL(/\/staff\/delivery-messages\/midnight-snack$/);
  await expect(page.getByTestId('toast')).toHaveText('Message added to the directory.');
  await checkState(page);
  await chefContext.close();
});

test('a chef edits their premade message; a manager deletes it, and the audit log says so', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const [chefContext, managerContext] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  const chef = await diner.signIn(chefContext, { username: 'chef_editor', rank: 'Chef' });
  await diner.signIn(managerContext, { username: 'manager_editor', rank: 'Manager' });
  await services['delivery-messages'].messages.create(await currentUser(diner, chef.token), {
    title: 'Midnight treat',
    message: '{customer}, your late-night {item} is here.',
  });
  const page = await chefContext.newPage();
  await page.goto('/staff/delivery-messages/midnight-treat');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit premade message');
  await page.getByLabel('Title').fill('Midnight feast');
  await page.getByLabel('Slug').fill('midnight-feast');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/staff\/delivery-messages\/midnight-feast$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Midnight feast');

  // Another chef may use it but not edit it; a manager deletes it, and the audit log says so.
  const manager = await managerContext.newPage();
  await manager.goto('/staff/delivery-messages/midnight-feast');
  manager.once('dialog', (d) => void d.accept());
  await manager.getByRole('button', { name: 'Delete' }).click();
  await expect(manager).toHaveURL(/\/staff\/delivery-messages$/);
  await expect(manager.getByTestId('toast')).toHaveText('Message deleted.');
  const audit = await diner.app.server.ctx.orm.em
    .fork()
    .find(AuditEntrySchema, { action: 'deliveryMessage.delete', targetName: 'Midnight feast' });
  expect(audit).toHaveLength(1);
  await page.goto('/staff/delivery-messages/midnight-feast');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Midnight feast');
  await Promise.all([chefContext.close(), managerContext.close()]);
});

test('a driver takes a message from the directory, then one from its own page, then writes their own', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const context = await browser.newContext();
  const driver = await diner.signIn(context, { username: 'driver_choosing', rank: 'Delivery Driver' });
  const page = await context.newPage();
  const saved = async () => (await services.users.users.findPrivate(driver.id))?.settings.deliveryMessage?.message;

  await page.goto('/staff/delivery-messages');
  const grill = page.locator('[data-message-slug="from-the-grill"]');
  await grill.getByRole('button', { name: 'Use this message' }).click();
  await expect(page.getByTestId('toast')).toHaveText('“Straight from the grill” is now your delivery message.');
  await expect(grill).toContainText('Your delivery message');
  await expect(grill.getByRole('button', { name: 'Use this message' })).toHaveCount(0);

  const special = await specialDelivery(services);
  await page.goto('/staff/delivery-messages/special-delivery');
  await page.getByRole('button', { name: 'Use this message' }).click();
  await expect(page.getByTestId('toast')).toHaveText('“Special delivery” is now your delivery message.');
  expect(await saved()).toBe(special.message);

  await page.goto('/staff/delivery-messages');
  await page.getByRole('link', { name: 'Write your own' }).click();
  const message = page.getByLabel('Message');
  await expect(message).toHaveValue(special.message);
  await message.fill('Enjoy your ');
  await expect(page.locator('#message-problem')).toHaveText('A delivery message must mention {customer}.');
  await expect(page.locator('#message-count')).toHaveText('11 / 2000');
  await page.getByRole('button', { name: '{item}' }).click();
  await message.pressSequentially(', ');
  await page.getByRole('button', { name: '{customer}' }).click();
  await expect(page.locator('#message-problem')).toHaveText('');
  await page.getByRole('button', { name: 'Save my message' }).click();
  await expect(page).toHaveURL(/\/staff\/delivery-messages$/);
  await expect(page.getByTestId('toast')).toHaveText('Your delivery message is saved.');
  expect(await saved()).toBe('Enjoy your {item}, {customer}');
  await expect(page.getByRole('region', { name: 'Your delivery message' }).getByTestId('message-preview')).toHaveText(
    fillDeliveryMessage('Enjoy your {item}, {customer}', SAMPLE_ORDER),
  );
  await context.close();
});

test('a customer holding the perk (the store item "Delivery message beta") finds the directory in their menu and writes there', async ({
  browser,
  diner,
}) => {
  const [holderContext, plainContext] = (await Promise.all([browser.newContext(), browser.newContext()])) as [
    BrowserContext,
    BrowserContext,
  ];
  await diner.signIn(holderContext, { username: 'perk_customer', perks: ['DELIVERY_MESSAGE_BETA'] });
  await diner.signIn(plainContext, { username: 'plain_customer' });
  const plain = await plainContext.newPage();
  await plain.goto('/');
  await plain.getByTestId('user-menu').locator('summary').click();
  await expect(plain.getByTestId('user-menu').getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(plain.getByTestId('user-menu').getByRole('link', { name: 'Premade messages' })).toHaveCount(0);

  const page = await holderContext.newPage();
  await page.goto('/');
  await page.getByTestId('user-menu').locator('summary').click();
  await page.getByTestId('user-menu').getByRole('link', { name: 'Premade messages' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premade Message Directory');
  await expect(page.getByRole('link', { name: 'New message' })).toBeVisible();
  await holderContext.close();
  await plainContext.close();
});

test('the directory in French: its words, a message’s page, and the editor’s words and toast', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signIn(context, { username: 'driver_francois', rank: 'Delivery Driver' });
  const page = await context.newPage();
  await page.goto('/staff/delivery-messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Annuaire des messages prédéfinis');
  await expect(page.getByRole('heading', { name: 'Votre message de livraison' })).toBeVisible();
  await page.getByLabel('Chercher dans les titres et les messages').fill('grill');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('1 message');
  await page.locator('[data-message-slug="from-the-grill"]').getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Avec une commande d’exemple' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Utiliser ce message' })).toBeVisible();
  await page.goto('/staff/delivery-messages/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau message prédéfini');
  await expect(page.getByText('Votre message, rempli avec une commande d’exemple, s’affiche ici.')).toBeVisible();
  await page.getByLabel('Titre').fill('Bon appétit de la part de la cuisine');
  await page.getByLabel('Message', { exact: true }).fill('{customer}, voici votre {item} ! Bon appétit.');
  await page.getByRole('button', { name: 'Ajouter à l’annuaire' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Message ajouté à l’annuaire.');
  await context.close();
});
