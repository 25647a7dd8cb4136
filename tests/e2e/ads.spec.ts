import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { appServices } from '../../plugins/index.ts';
import { NOTICE_DELAY_MS } from '../../site/lib/ads/adblock.ts';
import { checkState, expect, expectAccessible, test } from './fixtures.ts';

/** The server in this file runs with the ad network stand-in configured. */
test.use({ adNetwork: true });

const NOTICE = "Please disable your browser's ad-blocker";

test.beforeEach(({ ads }) => {
  ads!.setBlocked(false);
  ads!.setConsentFramework(false);
});

test('an allowed ad network: the bottom ad shows (728x90, refreshed every 30 s) and no notice', async ({
  page,
  ads,
}) => {
  // The page's clock, so the test can move it past the notice's delay rather than wait for it.
  await page.clock.install();
  await page.goto('/team');
  const ad = page.locator('#vd-ad-bottom').getByTestId('ad');
  await expect(ad).toBeVisible();
  await expect(ad).toHaveText('Stand-in ad 728x90');
  await expect(ad).toHaveAttribute('data-site-id', '4242');
  await expect(ad).toHaveAttribute('data-refresh-time', '30');
  await expect(ad).toHaveAttribute('data-refresh-limit', '0');
  await expect(page.locator('html')).toHaveAttribute('data-adblock', 'allowed');
  // The probe has decided; a notice would show NOTICE_DELAY_MS after: the clock passes that, and there is none.
  await page.clock.runFor(NOTICE_DELAY_MS);
  await expect(page.getByTestId('adblock-notice')).toHaveCount(0);
  expect(ads!.requests).toContain('/pixel.gif');
  // No consent framework on the page: no cookie preferences button.
  await expect(page.getByRole('button', { name: 'Cookie preferences' })).toBeHidden();
  // A page with an ad: the every-page pass runs without an ad network.
  await expectAccessible(page);
});

test('a phone gets the 320x50 size', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/privacy');
  await expect(page.locator('#vd-ad-bottom').getByTestId('ad')).toHaveText('Stand-in ad 320x50');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the error page has an ad', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await expect(page.locator('#vd-ad-error').getByTestId('ad')).toBeVisible();
});

test('a blocked probe: blocked time stored, the notice after a delay, Need Help? lists the manifest', async ({
  page,
  ads,
}) => {
  ads!.setBlocked(true);
  const started = Date.now();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-adblock', 'blocked');
  // Three tries, 250 ms apart, from 250 ms after start.
  expect(ads!.requests.filter((p) => p === '/pixel.gif').length).toBeGreaterThanOrEqual(3);
  const blockedAt = Number(await page.evaluate(() => localStorage.getItem('adblock-blockedAt')));
  expect(blockedAt).toBeGreaterThanOrEqual(started - 1000);
  const notice = page.getByTestId('adblock-notice');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('heading', { name: NOTICE })).toBeVisible();
  await expect(notice).toContainText('Virtual Diner relies on ads');
  // Dialogs are at most 460 px wide.
  expect((await notice.locator('.adblock-card').boundingBox())!.width).toBeLessThanOrEqual(460);
  await expect(page.locator('#vd-ad-bottom')).toBeHidden();
  await notice.getByText('Need Help?').click();
  const help = notice.getByTestId('adblock-help');
  await expect(help.locator('summary')).toHaveText(['Stand-in Blocker', 'Another ad-blocker']);
  await help.locator('summary', { hasText: 'Stand-in Blocker' }).click();
  await expect(help.getByRole('listitem')).toHaveText([
    'Open Stand-in Blocker.',
    'Allow this site.',
    'Reload the page.',
  ]);
  await expect(help.getByRole('img', { name: 'How to allow ads in Stand-in Blocker' })).toBeVisible();
  // Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(notice).toBeVisible();
  await checkState(page);

  // The visitor allows ads and checks again: the unblocked duration is stored and the page reloads with ads.
  ads!.setBlocked(false);
  await notice.getByRole('button', { name: "I've disabled it" }).click();
  await expect(page.locator('#vd-ad-bottom').getByTestId('ad')).toBeVisible();
  await expect(page.getByTestId('adblock-notice')).toHaveCount(0);
  const stored = await page.evaluate(() => [
    localStorage.getItem('adblock-blockedAt'),
    localStorage.getItem('adblock-unblockedAfter'),
  ]);
  expect(stored[0]).toBeNull();
  expect(Number(stored[1])).toBeGreaterThan(0);
});

test('without the third-party manifest the bundled help is shown', async ({ page, context, ads }) => {
  ads!.setBlocked(true);
  await context.route('**/help/manifest.json', (route) => route.abort());
  await page.goto('/');
  const notice = page.getByTestId('adblock-notice');
  await notice.getByText('Need Help?').click();
  await expect(notice.getByTestId('adblock-help').locator('summary').first()).toHaveText('Adblock Plus');
});

test('/disable-your-adblocker: the same help, the live status, and no overlay of its own', async ({ page, ads }) => {
  ads!.setBlocked(true);
  await page.clock.install();
  await page.goto('/disable-your-adblocker');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOTICE);
  await expect(page.getByTestId('adblock-help').locator('summary').first()).toHaveText('Stand-in Blocker');
  await expect(page.getByText('Ads are blocked on this page right now.')).toBeVisible();
  // Blocking is detected; elsewhere the notice would show NOTICE_DELAY_MS after: the clock passes that, and there is none.
  await page.clock.runFor(NOTICE_DELAY_MS);
  await expect(page.getByTestId('adblock-notice')).toHaveCount(0);
  await expectAccessible(page);
});

test('/disable-your-adblocker in French: the page and the live status its script writes', async ({ browser, ads }) => {
  ads!.setBlocked(true);
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/disable-your-adblocker');
  await expect(page.getByRole('heading', { name: 'Besoin d’aide ?' })).toBeVisible();
  await expect(page.getByText('Les publicités sont bloquées sur cette page en ce moment.')).toBeVisible();
  await context.close();
});

test('the cookie preferences button appears only with a consent framework, and opens it', async ({ page, ads }) => {
  ads!.setConsentFramework(true);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Cookie preferences' });
  await expect(button).toBeVisible();
  await button.click();
  expect(await page.evaluate(() => (window as unknown as { __tcfapiCalls: string[] }).__tcfapiCalls)).toEqual([
    'displayConsentUi',
  ]);
});

test('a customer sponsors through the ad network: cancel returns to the store, paying shows the thanks, the callback brings the coins and the notice', async ({
  browser,
  diner,
  ads,
}) => {
  const CASEY = '1100000000000000001';
  const store = appServices(diner.app.server.ctx).store;
  // The sponsor script is given the site's public address (PUBLIC_URL; http://localhost:<port> here): the whole
  // journey runs there, so the success redirect comes back to the signed-in session.
  const site = diner.app.server.ctx.config.publicUrl;
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site}/store`);
  await expect(
    anonymous.getByTestId('sponsor-offer').getByRole('link', { name: 'Sign in to sponsor' }),
  ).toHaveAttribute('href', '/login?redirect=%2Fstore');
  // A visitor cannot have been through the sponsor flow (it needs a signed-in user's token): no thanks for them.
  await anonymous.goto(`${site}/store?success=true`);
  await expect(anonymous.getByTestId('sponsor-offer')).toBeVisible();
  await expect(anonymous.getByTestId('sponsor-thanks')).toHaveCount(0);
  await visitor.close();

  const context = await browser.newContext();
  const { token, expiresAt } = await diner.app.server.ctx.sessions.create(CASEY);
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: token,
      url: site,
      httpOnly: true,
      sameSite: 'Lax',
      expires: expiresAt.getTime() / 1000,
    },
  ]);
  const page = await context.newPage();
  const before = await store.coins.balance(CASEY);
  const callbacks = ads!.sponsorCallbacks.length;
  await page.goto(`${site}/store`);
  const offer = page.getByTestId('sponsor-offer');
  await expect(offer).toContainText('As thanks, you get 1,000 coins.');
  const button = offer.getByTestId('sponsor-button');
  await expect(button).toBeVisible();
  await checkState(page);

  // Cancelled on the network's page: back to the store, nothing paid.
  await button.click();
  await expect(page.getByRole('heading', { name: 'Stand-in Pay' })).toBeVisible();
  await expect(page.getByText('Sponsor product 29')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${site}/store`);
  await expect(page.getByTestId('sponsor-thanks')).toHaveCount(0);
  expect(ads!.sponsorCallbacks).toHaveLength(callbacks);

  // Paid: the thanks on /store?success=true, the coins with the signed callback, and the notice.
  await page.getByTestId('sponsor-offer').getByTestId('sponsor-button').click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${site}/store?success=true`);
  // The network told the server before it sent the browser back: the thanks says the coins are there.
  await expect(page.getByTestId('sponsor-thanks')).toContainText('Thank you for sponsoring Virtual Diner!');
  await expect(page.getByTestId('sponsor-thanks')).toContainText('1,000 coins were added to your balance.');
  await checkState(page);
  await expect.poll(() => ads!.sponsorCallbacks.length).toBe(callbacks + 1);
  expect(ads!.sponsorCallbacks.at(-1)).toMatchObject({ status: 200, body: { productId: '29' } });
  await expect.poll(() => store.coins.balance(CASEY)).toBe(before + 1000);
  await page.goto(`${site}/store`);
  await expect(page.getByTestId('store-balance')).toContainText(
    `You have ${(before + 1000).toLocaleString('en')} coins`,
  );
  await page.goto(`${site}/users/@me/notifications`);
  await expect(page.getByTestId('notification').first()).toContainText(
    'Thank you for sponsoring Virtual Diner! 1,000 coins were added to your balance.',
  );
  await context.close();
});
