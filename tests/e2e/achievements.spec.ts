import type { Page } from '@playwright/test';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import type { Services } from '../../plugins/index.ts';
import { CreateObjectiveBodySchema } from '../../plugins/objectives/schemas.ts';
import { OrderSchema } from '../../plugins/orders/entities.ts';
import { checkState, type Diner, expect, fitsPhone, test } from './fixtures.ts';
import { CHARLIE_CHEF } from './pages.ts';

// Each test arranges what it needs through the server's services: they run side by side.
test.describe.configure({ mode: 'parallel' });

const SAM_OWNER = '1100000000000000005';

/** The driver's objective, as the create form sends it. */
const deliverThree = (userId: string) =>
  CreateObjectiveBodySchema.parse({
    title: 'Deliver 3 orders',
    scope: 'user',
    userId,
    type: 'ORDER_TARGET_DELIVERED',
    target: 3,
    reward: { type: 'VD_CURRENCY', amount: 300 },
  });

/** Cooks an order for the chef and hands it to the driver, through the kitchen's own service calls. */
async function deliverOne(diner: Diner, chefId: string, driverId: string, i: number): Promise<void> {
  const orders = (diner.app.server.ctx.services as Services).orders.orders;
  const order = await orders.createOrder({
    customerId: `12000000000000000${10 + i}`,
    item: `Objective burger ${i + 1}`,
  });
  await orders.claim({ id: chefId, permissions: PERMISSIONS.MANAGE_ORDERS }, order.orderID);
  await orders.prepare({ id: chefId, permissions: PERMISSIONS.MANAGE_ORDERS }, order.orderID, {
    images: ['/food/burger.svg'],
    chefNote: null,
  });
  // Cooking takes ORDER_COOKING_TIME_S (2 s here); the sweeper makes it READY.
  await expect.poll(async () => (await orders.get(order.orderID)).status, { timeout: 20_000 }).toBe('READY');
  // The sweeper may have given it to a queued driver: the order manager's permissions let ours take it anyway.
  await orders.deliver(
    { id: driverId, permissions: PERMISSIONS.MANAGE_ORDERS | PERMISSIONS.VIEW_BACKLOG },
    order.orderID,
    { report: false, reportReason: null },
  );
}

/** My Achievements, once its gateway connection is live. */
async function openAchievements(page: Page): Promise<void> {
  await page.goto('/staff/achievements');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 30_000 });
}

/** The driver's card: just for them, 0 of 3, what it pays, nothing to claim yet. */
async function expectNotYetClaimable(page: Page): Promise<void> {
  const card = page.locator('article', { hasText: 'Deliver 3 orders' }).filter({ hasText: 'Just for you' });
  await expect(card).toContainText('0 of 3');
  await expect(card.getByTestId('reward')).toHaveText('300 coins');
  await expect(card.getByRole('button', { name: 'Claim' })).toHaveCount(0);
}

test('a manager sets a driver "deliver 3 orders": the preview names the driver, and the objective is listed with its reward', async ({
  browser,
  diner,
}) => {
  const managerContext = await browser.newContext();
  await diner.signIn(managerContext, { username: 'director_dee', rank: 'Director' });
  const driverContext = await browser.newContext();
  const driver = await diner.signIn(driverContext, { username: 'driver_obi', rank: 'Delivery Driver' });

  // The manager writes the objective for the driver; the preview says who it applies to.
  const manager = await managerContext.newPage();
  await manager.goto('/staff/achievements/create');
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Create objective');
  await expect(manager.getByTestId('objective-audience')).toContainText(/Applies to \d+ people in the kitchen now/);
  await manager.getByLabel('Title').fill('Deliver 3 orders');
  await manager.getByLabel('One person').check();
  await manager.getByLabel('Person', { exact: true }).selectOption(driver.id);
  await expect(manager.getByTestId('objective-audience')).toHaveText('Deliver 10 orders. Applies to driver_obi only.');
  await manager.getByLabel('Counts').selectOption('ORDER_TARGET_DELIVERED');
  await manager.getByLabel('Target').fill('3');
  await manager.getByLabel('Coins').fill('300');
  await expect(manager.getByTestId('objective-audience')).toHaveText('Deliver 3 orders. Applies to driver_obi only.');
  await checkState(manager);
  await manager.getByRole('button', { name: 'Create objective' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Objective “Deliver 3 orders” created.');
  await expect(manager.locator('tr', { hasText: 'Deliver 3 orders' }).first()).toContainText('300 coins');
  await managerContext.close();

  // The driver sees it at 0 of 3.
  const page = await driverContext.newPage();
  await openAchievements(page);
  await expectNotYetClaimable(page);
  await driverContext.close();
});

test('a driver with "deliver 3 orders" delivers 3, sees it claimable live, claims it and the coins arrive', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const { sessions } = diner.app.server.ctx;
  const owner = (await sessions.validate((await sessions.create(SAM_OWNER)).token))!.user;
  const driverContext = await browser.newContext();
  const driver = await diner.signIn(driverContext, { username: 'driver_ola', rank: 'Delivery Driver' });
  const chef = await diner.signIn(await browser.newContext(), { username: 'chef_ivy', rank: 'Chef' });
  await services.objectives.objectives.create(owner, deliverThree(driver.id));

  // The driver sees it at 0 of 3, live.
  const page = await driverContext.newPage();
  await openAchievements(page);
  await expectNotYetClaimable(page);

  for (let i = 0; i < 3; i++) await deliverOne(diner, chef.id, driver.id, i);
  expect(
    await diner.app.server.ctx.orm.em.fork().count(OrderSchema, { deliveredBy: driver.id, status: 'DELIVERED' }),
  ).toBe(3);

  // objectiveCompleted arrives on the driver's socket: the card becomes claimable without a reload.
  await expect(page.getByTestId('toast')).toHaveText('Objective complete: Deliver 3 orders. Claim your reward!', {
    timeout: 30_000,
  });
  const claimable = page.locator('article.is-claimable', { hasText: 'Deliver 3 orders' });
  await expect(claimable).toContainText('3 of 3');
  await checkState(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  const before = await services.store.coins.balance(driver.id);
  await claimable.getByRole('button', { name: 'Claim' }).click();
  // The live "Objective complete" toast may still be up: toasts stack.
  await expect(page.getByTestId('toast').filter({ hasText: 'Claimed!' })).toHaveText(
    `Claimed! 300 coins: your balance is now ${(before + 300).toLocaleString('en')} coins.`,
  );
  expect(await services.store.coins.balance(driver.id)).toBe(before + 300);
  const claimed = page.locator('article', { hasText: 'Deliver 3 orders' }).filter({ hasText: 'Claimed' });
  await expect(claimed).toContainText(/Claimed \d+ \w+ \d{4}/);
  await expect(claimed.getByRole('button', { name: 'Claim' })).toHaveCount(0);
  await fitsPhone(page);
  await driverContext.close();
});

test('Charlie sees the demo objectives: in progress, claimed (a custom reward waiting), with what they pay', async ({
  page,
  diner,
}) => {
  await diner.signInAs(page.context(), CHARLIE_CHEF);
  await page.goto('/staff/achievements');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Achievements');
  await expect(page.locator('article', { hasText: 'Feedback tester' })).toContainText('The Feedback beta perk');
  await expect(page.locator('article', { hasText: 'Busy week' })).toContainText('a manager will hand it out');
  await expect(page.locator('article', { hasText: 'Kitchen regular' })).toContainText('Claimed');
  // Claimed and waiting cards: a state the every-page pass (a chef with no history) does not see.
  await checkState(page);
});

test('a manager hands out a custom reward and deletes its objective: each asks or acts once, then the page says so', async ({
  browser,
  page,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const { sessions } = diner.app.server.ctx;
  const owner = (await sessions.validate((await sessions.create(SAM_OWNER)).token))!.user;
  const driver = await diner.signIn(await browser.newContext(), { username: 'driver_uma', rank: 'Delivery Driver' });
  const chef = await diner.signIn(await browser.newContext(), { username: 'chef_ned', rank: 'Chef' });
  const objective = await services.objectives.objectives.create(
    owner,
    CreateObjectiveBodySchema.parse({
      title: 'First delivery',
      scope: 'user',
      userId: driver.id,
      type: 'ORDER_TARGET_DELIVERED',
      target: 1,
      reward: { type: 'CUSTOM', text: 'A golden spatula' },
    }),
  );
  await deliverOne(diner, chef.id, driver.id, 7);
  const driverUser = (await sessions.validate((await sessions.create(driver.id)).token))!.user;
  await expect.poll(async () => (await services.objectives.claims.one(driverUser, objective._id)).claimable).toBe(true);
  await services.objectives.claims.claim(driverUser, objective._id);

  await diner.signIn(page.context(), { username: 'director_dee', rank: 'Director' });
  await page.goto('/staff/achievements/create');
  const pending = page.getByRole('table', { name: 'Custom rewards claimed and not yet handed out' });
  const claim = pending.locator('tr', { hasText: 'First delivery' });
  await claim.getByRole('button', { name: 'Mark handed out' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Marked as handed out. They have been told.');
  await expect(claim).toHaveCount(0);
  expect((await services.objectives.objectives.customClaims(true)).map((c) => c.objective.title)).not.toContain(
    'First delivery',
  );

  const objectives = page.getByRole('table', { name: 'Objectives', exact: true });
  const row = objectives.locator('tr', { hasText: 'First delivery' });
  page.once('dialog', (dialog) => dialog.accept());
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Objective deleted. Claims made of it keep their history.');
  await expect(row).toHaveCount(0);
});

test('My Achievements in German: its sections, a card’s goal, reward and progress, and its live status', async ({
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const { sessions } = diner.app.server.ctx;
  const owner = (await sessions.validate((await sessions.create(SAM_OWNER)).token))!.user;
  const context = await browser.newContext({ locale: 'de-DE' });
  const driver = await diner.signIn(context, { username: 'driver_jonas', rank: 'Delivery Driver' });
  await services.objectives.objectives.create(owner, deliverThree(driver.id));
  const page = await context.newPage();
  await page.goto('/staff/achievements');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Erfolge');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Laufend' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Abgeholt' })).toBeVisible();
  const card = page.locator('article', { hasText: 'Deliver 3 orders' }).filter({ hasText: 'Nur für dich' });
  await expect(card).toContainText('3 Bestellungen liefern');
  await expect(card).toContainText('0 von 3');
  await expect(card.getByTestId('reward')).toHaveText('300 Münzen');
  await expect(card).toContainText(/[Oo]hne Enddatum/);
  await context.close();
});

test('Create objective in French: the form, its live preview and toast, and the objective listed in My Achievements’ words (issue 44)', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signIn(context, { username: 'directrice_dora', rank: 'Director' });
  const driverContext = await browser.newContext();
  const driver = await diner.signIn(driverContext, { username: 'livreur_leo', rank: 'Delivery Driver' });
  const page = await context.newPage();
  await page.goto('/staff/achievements/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un objectif');
  await expect(page.getByTestId('objective-audience')).toContainText(
    /Concerne \d+ personnes en cuisine actuellement\./,
  );
  await page.getByLabel('Titre').fill('Trois livraisons');
  await page.getByLabel('Une personne').check();
  await page.getByLabel('Personne', { exact: true }).selectOption(driver.id);
  await page.getByLabel('Compte').selectOption('ORDER_TARGET_DELIVERED');
  await page.getByLabel('Objectif chiffré').fill('3');
  await page.getByLabel('Pièces').fill('1500');
  await expect(page.getByTestId('objective-audience')).toHaveText(
    'Livrer 3 commandes. Concerne livreur_leo uniquement.',
  );
  await page.getByRole('button', { name: 'Créer l’objectif' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Objectif « Trois livraisons » créé.');
  const row = page.locator('tr', { hasText: 'Trois livraisons' });
  await expect(row).toContainText('Livrer 3 commandes');
  await expect(row).toContainText('1 500 pièces');
  await expect(row.getByRole('button', { name: 'Supprimer' })).toBeVisible();
  await Promise.all([context.close(), driverContext.close()]);
});
