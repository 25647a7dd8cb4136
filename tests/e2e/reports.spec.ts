import type { BrowserContext } from '@playwright/test';
import { OrderSchema } from '../../plugins/orders/entities.ts';
import { orderCode } from '../../plugins/orders/service.ts';
import { callsTo, checkState, type Diner, expect, test } from './fixtures.ts';

/**
 * Issue 15, order reports: a customer with FEEDBACK_BETA reports an order, a manager with the sidebar rule (VIEW_BACKLOG
 * and FEEDBACK_BETA) warns the chef and completes the report, the customer is told; the audit log shows both. Each test
 * makes its own users and order, so the tests stand alone and the demo data stays as other specs expect it.
 */
test.describe.configure({ mode: 'parallel' });

/** A reload shows its toast once the page's script runs: on a loaded machine that can take longer than the default wait. */
const PAGE_LOAD = { timeout: 30_000 };
const ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** The customer's order, delivered an hour ago, prepared and delivered by the chef. */
async function deliveredOrder(diner: Diner, customer: string, chef: string): Promise<{ orderID: string }> {
  const em = diner.app.server.ctx.orm.em.fork();
  const now = Date.now();
  const order = em.create(OrderSchema, {
    orderID: orderCode(),
    customer,
    item: 'Two cheeseburgers',
    mentions: [],
    status: 'DELIVERED',
    claimedBy: chef,
    claimedAt: new Date(now - 80 * 60_000),
    preparedBy: chef,
    prepareStartedAt: new Date(now - 75 * 60_000),
    images: ['/food/burger.svg'],
    chefNote: 'Enjoy, slowpoke.',
    readyAt: new Date(now - 70 * 60_000),
    deliveredBy: chef,
    deliveredAt: new Date(now - 60 * 60_000),
    orderedAt: new Date(now - 90 * 60_000),
    updatedAt: new Date(now - 60 * 60_000),
  });
  await em.flush();
  return { orderID: order.orderID };
}

test('a customer with the perk finds the feedback menu, checks the order ID and reports the order; then the order says it is reported', async ({
  browser,
  diner,
}) => {
  const [context, chefContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const customer = await diner.signIn(context, { username: 'reporting_rita', perks: ['FEEDBACK_BETA'] });
  const chef = await diner.signIn(chefContext, { username: 'chef_cody', rank: 'Chef' });
  const order = await deliveredOrder(diner, customer.id, chef.id);

  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('user-menu').locator('summary').click();
  await page.getByRole('link', { name: 'Report an order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report an order');
  // Not an order ID at all: the route's schema says so in the browser, without a call.
  const checks = callsTo(page, /\/report\/order\/eligible$/);
  await page.getByLabel('Order ID').fill('not an order');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('[data-report-eligibility]')).toHaveText('Order ID is not an order id nor an orderID');
  expect(checks).toEqual([]);
  await page.getByLabel('Order ID').fill('ZZZZZZ');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('[data-report-eligibility]')).toHaveText('There is no order with this ID.');
  await page.getByLabel('Order ID').fill(order.orderID.toLowerCase());
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('[data-report-eligibility]')).toHaveText(
    `Order ${order.orderID} (Two cheeseburgers) can be reported.`,
  );
  await page.getByLabel('Rude message').check();
  await page.getByLabel('Details').fill('The chef note called me a slowpoke.');
  await expect(page.locator('[data-details-count]')).toHaveText('35 / 2,000');
  await checkState(page);
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    'Thank you: your report was sent. You will be told what was done.',
    PAGE_LOAD,
  );
  await expect(page.getByTestId('my-reports').locator('li', { hasText: order.orderID }).locator('.tag')).toHaveText(
    'Open',
  );
  // Once reported, the order says so.
  await page.getByLabel('Order ID').fill(order.orderID);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('[data-report-eligibility]')).toHaveText('You have already reported this order.');
  await Promise.all([context.close(), chefContext.close()]);
});

test('a manager finds the report, warns the chef and completes it; the customer is told; the audit log shows both', async ({
  browser,
  diner,
}) => {
  const contexts = (await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ])) as BrowserContext[];
  const [customerContext, managerContext, chefContext, ownerContext] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const customer = await diner.signIn(customerContext, { username: 'reporting_rhea', perks: ['FEEDBACK_BETA'] });
  await diner.signIn(managerContext, { username: 'manager_rory', rank: 'Manager', perks: ['FEEDBACK_BETA'] });
  const chef = await diner.signIn(chefContext, { username: 'chef_colm', rank: 'Chef' });
  await diner.signIn(ownerContext, { username: 'owner_oona', permissions: ['SUPER_ADMIN'] });
  const order = await deliveredOrder(diner, customer.id, chef.id);
  // The customer's report, filed as the feedback page files it.
  const filed = await customerContext.request.post('/api/client/report/order', {
    data: { orderID: order.orderID, category: 'RUDE_MESSAGE', details: 'The chef note called me a slowpoke.' },
    headers: ORIGIN,
  });
  expect(filed.status()).toBe(201);

  // The manager opens Order Reports from the sidebar, finds the report and opens it.
  const manager = await managerContext.newPage();
  await manager.goto('/staff/dashboard');
  await manager.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Order Reports' }).click();
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Order Reports');
  await manager.getByLabel('Category').selectOption('RUDE_MESSAGE');
  await manager.getByRole('button', { name: 'Search' }).click();
  const row = manager.locator('tr', { hasText: order.orderID });
  await expect(row).toContainText('reporting_rhea');
  await expect(row).toContainText('chef_colm');
  await row.getByRole('link', { name: `Open the report about order ${order.orderID}` }).click();
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(`Report about order ${order.orderID}`);
  await expect(manager.getByTestId('report')).toContainText('The chef note called me a slowpoke.');
  await expect(manager.locator('.order-detail')).toContainText('Chef note: “Enjoy, slowpoke.”');

  // Warn the chef, then complete the report with an outcome.
  await manager.getByLabel('Warn the chef, chef_colm').fill('Chef notes stay polite.');
  await manager.getByRole('button', { name: 'Warn chef' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('The chef was warned.', PAGE_LOAD);
  await expect(manager.getByTestId('report-warnings')).toContainText('Warned the chef (chef_colm)');
  await checkState(manager);
  await manager.getByLabel('Outcome (the reporter reads it)').fill('The chef was warned. Sorry about that!');
  await manager.getByRole('button', { name: 'Mark completed' }).click();
  await expect(manager).toHaveURL(/\/staff\/admin\/report-manager\/orders$/);
  await expect(manager.getByTestId('toast')).toHaveText('Report completed: the reporter is told.', PAGE_LOAD);
  await expect(manager.locator('tr', { hasText: order.orderID })).toHaveCount(0);
  await manager.getByLabel('Status').selectOption('COMPLETED');
  await manager.getByRole('button', { name: 'Search' }).click();
  await expect(manager.locator('tr', { hasText: order.orderID })).toContainText('Completed');

  // The customer is told: a notification, and the outcome beside the report.
  const page = await customerContext.newPage();
  await page.goto('/users/@me/notifications');
  await expect(page.getByTestId('notification').first()).toContainText(
    `Your report about order ${order.orderID} was reviewed: The chef was warned. Sorry about that!`,
  );
  await page.goto('/feedback/report-order');
  const mine = page.getByTestId('my-reports').locator('li', { hasText: order.orderID });
  await expect(mine.locator('.tag')).toHaveText('Completed');
  await expect(mine).toContainText('Outcome: The chef was warned. Sorry about that!');

  // The audit log shows the warning and the completion.
  const owner = await ownerContext.newPage();
  await owner.goto('/staff/admin/site-management/audit-log?action=report');
  const completed = owner.locator('.audit-entry', { hasText: `Order ${order.orderID}` });
  await expect(completed).toContainText('Completed an order report');
  await expect(completed).toContainText('manager_rory');
  await owner.goto(`/staff/admin/site-management/audit-log?target=${chef.id}`);
  await expect(owner.locator('.audit-entry', { hasText: 'Warned a user' })).toContainText('Chef notes stay polite.');

  await Promise.all(contexts.map((c) => c.close()));
});

test('without the perk, the user menu offers no Report an order and the staff sidebar no Order Reports', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext();
  await diner.signIn(context, { username: 'chef_plain', rank: 'Chef' });
  const plain = await context.newPage();
  await plain.goto('/');
  await plain.getByTestId('user-menu').locator('summary').click();
  // The menu (a server island) is open with its own links, and without the feedback link.
  await expect(plain.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(plain.getByRole('link', { name: 'Report an order' })).toHaveCount(0);
  await plain.goto('/staff/dashboard');
  await expect(
    plain.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expect(
    plain.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Order Reports' }),
  ).toHaveCount(0);
  await context.close();
});

test('§6 Report Manager: the sidebar heading with Order Reports under it; the page and the API let in VIEW_BACKLOG with the perk, nobody with only one', async ({
  browser,
  diner,
}) => {
  const who = [
    { username: 'rm_both', rank: 'Manager', perks: ['FEEDBACK_BETA'], may: true },
    { username: 'rm_backlog_only', rank: 'Manager', perks: [], may: false },
    { username: 'rm_perk_customer', perks: ['FEEDBACK_BETA'], may: false },
  ];
  for (const person of who) {
    const context = await browser.newContext();
    await diner.signIn(context, { username: person.username, rank: person.rank, perks: person.perks });
    const page = await context.newPage();
    const api = await page.request.post('/api/client/report/orders', {
      data: { filter: { status: 'OPEN' } },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(api.status(), person.username).toBe(person.may ? 200 : 403);
    await page.goto('/staff/admin/report-manager/orders');
    if (person.may) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Reports');
      const sidebar = page.getByRole('complementary', { name: 'Staff' });
      const heading = sidebar.locator('li', {
        has: page.locator('.sidebar-menu-title', { hasText: 'Report Manager' }),
      });
      await expect(heading.getByRole('link', { name: 'Order Reports' })).toHaveAttribute('aria-current', 'page');
    } else {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('toast')).toHaveText(
        'An error occurred: You have insufficient permissions to view that page.',
      );
      if (person.rank) {
        await page.goto('/staff/dashboard');
        await expect(page.getByRole('complementary', { name: 'Staff' })).not.toContainText('Report Manager');
      }
    }
    await context.close();
  }
});

test('Report an order in German: the check, the categories, the count and the report (issue 44)', async ({
  browser,
  diner,
}) => {
  const [context, chefContext] = await Promise.all([browser.newContext({ locale: 'de-DE' }), browser.newContext()]);
  const customer = await diner.signIn(context, { username: 'melde_mia', perks: ['FEEDBACK_BETA'] });
  const chef = await diner.signIn(chefContext, { username: 'chef_karl', rank: 'Chef' });
  const order = await deliveredOrder(diner, customer.id, chef.id);
  const page = await context.newPage();
  await page.goto('/feedback/report-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eine Bestellung melden');
  await page.getByLabel('Bestell-ID').fill('ZZZZZZ');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.locator('[data-report-eligibility]')).toHaveText('Es gibt keine Bestellung mit dieser ID.');
  await page.getByLabel('Bestell-ID').fill(order.orderID);
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.locator('[data-report-eligibility]')).toHaveText(
    `Bestellung ${order.orderID} (Two cheeseburgers) kann gemeldet werden.`,
  );
  await page.getByLabel('Unhöfliche Nachricht').check();
  await page.getByLabel('Details').fill('Die Notiz des Kochs war frech.');
  await expect(page.locator('[data-details-count]')).toHaveText('30 / 2.000');
  await page.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    'Danke: Deine Meldung wurde gesendet. Du erfährst, was unternommen wurde.',
    PAGE_LOAD,
  );
  await expect(page.getByTestId('my-reports').locator('.tag')).toHaveText('Offen');
  await Promise.all([context.close(), chefContext.close()]);
});

test('a manager who reads German warns the chef in German: the list, the report and the warning’s toast', async ({
  browser,
  diner,
}) => {
  const [customerContext, managerContext, chefContext] = (await Promise.all([
    browser.newContext(),
    browser.newContext({ locale: 'de-DE' }),
    browser.newContext(),
  ])) as [BrowserContext, BrowserContext, BrowserContext];
  const customer = await diner.signIn(customerContext, { username: 'reporting_romy', perks: ['FEEDBACK_BETA'] });
  await diner.signIn(managerContext, { username: 'manager_mats', rank: 'Manager', perks: ['FEEDBACK_BETA'] });
  const chef = await diner.signIn(chefContext, { username: 'chef_karl', rank: 'Chef' });
  const order = await deliveredOrder(diner, customer.id, chef.id);
  const filed = await customerContext.request.post('/api/client/report/order', {
    data: { orderID: order.orderID, category: 'WRONG_ITEM', details: 'Ich wollte Pommes.' },
    headers: ORIGIN,
  });
  expect(filed.status()).toBe(201);

  const manager = await managerContext.newPage();
  await manager.goto('/staff/admin/report-manager/orders');
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Bestellmeldungen');
  const row = manager.locator('tr', { hasText: order.orderID });
  await expect(row).toContainText('Falscher Artikel');
  await expect(row.locator('.tag')).toHaveText('Offen');
  await row.getByRole('link', { name: `Meldung zu Bestellung ${order.orderID} öffnen` }).click();
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(`Meldung zu Bestellung ${order.orderID}`);
  await expect(manager.getByTestId('report')).toContainText(
    'Falscher Artikel, gemeldet von reporting_romy (der Kunde)',
  );
  await manager.getByLabel('Koch verwarnen, chef_karl').fill('Bitte die Bestellung genau lesen.');
  await manager.getByRole('button', { name: 'Koch verwarnen' }).click();
  await expect(manager.getByTestId('toast')).toHaveText('Der Koch wurde verwarnt.', PAGE_LOAD);
  await expect(manager.getByTestId('report-warnings')).toContainText('Koch (chef_karl) am');
  await Promise.all([customerContext.close(), managerContext.close(), chefContext.close()]);
});
