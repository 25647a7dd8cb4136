import type { Page } from '@playwright/test';
import { PERMISSIONS } from '../../core/shared/permissions.ts';
import type { Services } from '../../plugins/index.ts';
import { commandInteraction } from '../stand-ins/discord/interactions.ts';
import { expect, test } from './fixtures.ts';
import { openManager, PNG } from './kitchen.ts';

test.use({ discordBot: true });

const CUSTOMER = { id: '181818181818181899', username: 'discord_diner', global_name: 'Discord Diner' };
const CHANNEL = '700000000000000042';

test('a signed /order from Discord reaches the kitchen live; prepared and delivered on the site, the bot posts the delivery and keeps the status embed current', async ({
  browser,
  diner,
  discord,
  interactionSigner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const chefContext = await browser.newContext();
  const driverContext = await browser.newContext();
  const chef = await diner.signIn(chefContext, { username: 'wok_master', rank: 'Chef' });
  const driver = await diner.signIn(driverContext, { username: 'speedy_sue', rank: 'Delivery Driver' });
  await services.users.profile.setDeliveryMessage(
    { ...(await diner.app.server.ctx.sessions.validate(driver.token))!.user },
    driver.id,
    'Knock knock {customer}! Your {item} from {chef} is here. - {driver}',
  );
  // The demo's ready orders would reach the queued driver first.
  for (const ready of (await services.orders.orders.listActive()).filter((o) => o.status === 'READY')) {
    await services.orders.orders.delete(
      { id: chef.id, username: 'test', displayName: null, permissions: PERMISSIONS.SUPER_ADMIN },
      ready.id,
      { reason: 'Clearing the pass for the test' },
    );
  }
  const chefPage = await openManager(chefContext);
  const driverPage = await openManager(driverContext);
  await driverPage.getByRole('button', { name: 'Join delivery queue' }).click();
  await expect(driverPage.getByRole('button', { name: 'Leave delivery queue' })).toBeVisible();

  // Discord posts the interaction, signed with the application's key.
  const interaction = commandInteraction('order', {
    user: CUSTOMER,
    channelId: CHANNEL,
    options: { item: 'Spicy miso ramen' },
  });
  const body = JSON.stringify(interaction);
  const response = await fetch(`${diner.url}/api/interactions`, {
    method: 'POST',
    headers: interactionSigner!.headers(body),
    body,
  });
  expect(response.status).toBe(200);
  const reply = (await response.json()) as { type: number; data: { embeds: unknown[] } };
  const order = await services.orders.orders.activeFor(CUSTOMER.id);
  expect(order).toMatchObject({ item: 'Spicy miso ramen', channelId: CHANNEL, status: 'ORDERED' });
  const card = (page: Page) => page.locator(`[data-order-id="${order!.orderID}"]`);

  // Live on the site: claim, prepare with an upload.
  await expect(card(chefPage)).toContainText('Spicy miso ramen');
  await card(chefPage).getByRole('button', { name: 'Claim' }).click();
  await expect(card(chefPage)).toContainText('Claimed by you');
  await card(chefPage).getByRole('button', { name: 'Prepare' }).click();
  const prepare = chefPage.getByRole('dialog', { name: `Prepare #${order!.orderID}` });
  await prepare.locator('input[type=file]').setInputFiles({ name: 'ramen.png', mimeType: 'image/png', buffer: PNG });
  await expect(prepare.getByText('Pictures (1/3)')).toBeVisible();
  await prepare.getByRole('button', { name: 'Start cooking' }).click();

  // Ready after 2 s, assigned to the queued driver, who delivers it.
  await expect(card(driverPage)).toContainText('Driver: you', { timeout: 15_000 });
  await card(driverPage).getByRole('button', { name: 'Deliver' }).click();
  const deliver = driverPage.getByRole('dialog', { name: `Deliver #${order!.orderID}` });
  await expect(deliver).toContainText(
    'Knock knock @Discord Diner! Your Spicy miso ramen from wok_master is here. - speedy_sue',
  );
  await deliver.getByRole('button', { name: 'Deliver' }).click();
  await expect(card(driverPage)).toHaveCount(0);

  // The stand-in received the delivery in the order's channel: the driver's text, the customer pinged, the picture.
  await expect.poll(() => discord!.messagesIn(CHANNEL).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const [delivery] = discord!.messagesIn(CHANNEL);
  expect(delivery!.content).toBe(
    `Knock knock <@${CUSTOMER.id}>! Your Spicy miso ramen from wok_master is here. - speedy_sue`,
  );
  expect(JSON.stringify(delivery!.embeds)).toMatch(/\/uploads\/[A-Za-z0-9_-]+\.png/);

  // The reply's status embed, then its edits through every stage, in order.
  const statusOf = (embeds: unknown[]) =>
    (embeds as { fields?: { name: string; value: string }[] }[])[0]?.fields?.find((f) => f.name === 'Status')?.value;
  expect(reply.type).toBe(4);
  await expect
    .poll(
      () => {
        const edits = discord!.bot.originals.get(interaction.token)?.edits ?? [];
        return [statusOf(reply.data.embeds), ...edits.map((e) => statusOf(e.embeds))].filter(
          (s, i, all) => s !== all[i - 1],
        );
      },
      { timeout: 10_000 },
    )
    .toEqual(['Waiting in the kitchen', 'Claimed by a chef', 'Being prepared', 'Out for delivery', 'Delivered']);
  await chefContext.close();
  await driverContext.close();
});

test("when the bot can reach neither the channel nor the customer's DMs, the driver is told on the site", async ({
  browser,
  diner,
  discord,
  interactionSigner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const customer = { id: '181818181818181877', username: 'hidden_hana' };
  const channel = '700000000000000077';
  discord!.failChannel(channel, 403);
  discord!.closeDms(customer.id);
  const context = await browser.newContext();
  const cook = await diner.signIn(context, { username: 'solo_sol', rank: 'Delivery Driver' });
  for (const ready of (await services.orders.orders.listActive()).filter((o) => o.status === 'READY')) {
    await services.orders.orders.delete(
      { id: cook.id, username: 'test', displayName: null, permissions: PERMISSIONS.SUPER_ADMIN },
      ready.id,
      { reason: 'Clearing the pass for the test' },
    );
  }
  const page = await openManager(context);
  await page.getByRole('button', { name: 'Join delivery queue' }).click();
  const body = JSON.stringify(
    commandInteraction('order', { user: customer, channelId: channel, options: { item: 'Invisible noodles' } }),
  );
  expect(
    (await fetch(`${diner.url}/api/interactions`, { method: 'POST', headers: interactionSigner!.headers(body), body }))
      .status,
  ).toBe(200);
  const order = (await services.orders.orders.activeFor(customer.id))!;
  const card = page.locator(`[data-order-id="${order.orderID}"]`);
  await card.getByRole('button', { name: 'Claim' }).click();
  await card.getByRole('button', { name: 'Prepare' }).click();
  const prepare = page.getByRole('dialog', { name: `Prepare #${order.orderID}` });
  await prepare.locator('input[type=file]').setInputFiles({ name: 'noodles.png', mimeType: 'image/png', buffer: PNG });
  // The upload's loading state lasts at least 200 ms (§9): cooking starts once the picture is in.
  await expect(prepare.getByText('Pictures (1/3)')).toBeVisible();
  await prepare.getByRole('button', { name: 'Start cooking' }).click();
  await expect(card).toContainText('Driver: you', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Deliver' }).click();
  await page
    .getByRole('dialog', { name: `Deliver #${order.orderID}` })
    .getByRole('button', { name: 'Deliver' })
    .click();
  await expect(
    page.getByTestId('toast').filter({ hasText: `The bot could not deliver #${order.orderID}` }),
  ).toBeVisible({ timeout: 10_000 });
  expect((await services.orders.orders.get(order.id)).deliveryFailed).toBe(true);
  await context.close();
});
