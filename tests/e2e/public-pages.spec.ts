import { expect, test } from './fixtures.ts';

test('the privacy policy says what is stored, why, for how long and how to have it deleted', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page).toHaveTitle('Privacy Policy | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  for (const heading of [
    'What we store and why',
    'In your browser',
    'Advertising',
    'Who sees your data',
    'Your rights',
  ]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('cell', { name: '31 days from your last visit, or until you log out' })).toBeVisible();
  // The texts around their links, emphasis and cookies' names, word for word.
  const browserSection = page
    .getByRole('heading', { name: 'In your browser' })
    .locator('xpath=following-sibling::p[1]');
  await expect(browserSection).toHaveText(
    "We set a cookie, VD_SESSION, to keep you signed in, and a short-lived one, VD_OAUTH, while you sign in with Discord. When you choose a language in the footer, VD_LOCALE remembers it on this browser for a year. Your preferences (snow, countdown, sidebar, sound effects and order filters) stay in your browser's local storage and are never sent to us.",
  );
  await expect(browserSection.locator('code')).toHaveText(['VD_SESSION', 'VD_OAUTH', 'VD_LOCALE']);
  const download = page.locator('#your-data + p');
  await expect(download).toHaveText(
    "Signed in, your profile has Download my data: one JSON file with everything we hold about you (download it now): your profile, ranks and their history, warnings, orders you placed and handled, your coins and their ledger, purchases and gifts, subscriptions, applications, appeals, leave, notices, and the audit log's entries about you.",
  );
  await expect(download.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/users/@me');
  await expect(download.locator('strong')).toHaveText('Download my data');
  await expect(page.getByText(/^You can also ask us to correct what we hold\./)).toHaveText(
    'You can also ask us to correct what we hold. Send the request from your Discord account through an appeal or our support server; we answer within 30 days.',
  );
  await expect(page.getByRole('link', { name: 'support server' })).toHaveAttribute(
    'href',
    'https://discord.gg/virtualdiner',
  );
});

test('the privacy policy in French: the same page, its links and emphasis where French puts them', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/privacy');
  await expect(page).toHaveTitle('Politique de confidentialité | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
  await expect(page.getByText('Dernière mise à jour : 4 décembre 2026.')).toBeVisible();
  await expect(
    page.getByRole('cell', { name: '31 jours après votre dernière visite, ou jusqu’à votre déconnexion' }),
  ).toBeVisible();
  const download = page.locator('#your-data + p');
  await expect(download.locator('strong')).toHaveText('Télécharger mes données');
  await expect(download.getByRole('link', { name: 'le télécharger maintenant' })).toHaveAttribute(
    'href',
    '/api/client/users/@me/export',
  );
  await expect(page.getByRole('link', { name: 'serveur d’assistance' })).toHaveAttribute(
    'href',
    'https://discord.gg/virtualdiner',
  );
  await expect(page.locator('code').filter({ hasText: 'VD_LOCALE' })).toBeVisible();
  await context.close();
});

test('the invite page says so when the bot has no invite link configured', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bring Virtual Diner to your server');
  await expect(page.getByText("The bot's invite link is not configured on this server yet.")).toBeVisible();
  await expect(page.getByTestId('invite-link')).toHaveCount(0);
});

test('the invite page in Spanish', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/invite');
  await expect(page).toHaveTitle('Invitar | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lleva Virtual Diner a tu servidor');
  await expect(
    page.getByText('El enlace de invitación del bot aún no está configurado en este servidor.'),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Escribe /order' })).toBeVisible();
  await context.close();
});

test('our team: staff grouped by rank in rank order, badges in the rank colours', async ({ page }) => {
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Team');
  const groups = page.locator('.team-rank');
  // The demo ranks in rank order; journeys that ran earlier on this worker's server may have given other ranks
  // (a Director) to people they made, which sit between them.
  const DEMO_RANKS = ['Owner', 'Manager', 'Delivery Driver', 'Chef'];
  await expect(groups.first()).toBeVisible();
  expect(
    (await groups.locator('.rank-badge').allTextContents())
      .map((name) => name.trim())
      .filter((name) => DEMO_RANKS.includes(name)),
  ).toEqual(DEMO_RANKS);
  const group = (rank: string) =>
    groups.filter({ has: page.locator('.rank-badge', { hasText: new RegExp(`^${rank}$`) }) });
  await expect(group('Owner')).toContainText('Sam Owner');
  await expect(group('Chef')).toContainText('Charlie Chef');
  await expect(page.getByText('Casey Customer')).toHaveCount(0);
  await expect(page.getByText('Blake Banned')).toHaveCount(0);
  // The specification's contrast rule: orange is light enough for black text, the chef's blue takes white.
  await expect(group('Owner').locator('.rank-badge')).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(group('Chef').locator('.rank-badge')).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('our team in French: the title, and each rank’s count of members', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/team');
  await expect(page).toHaveTitle('Notre équipe | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre équipe');
  const owner = page.locator('.team-rank').filter({ has: page.locator('.rank-badge', { hasText: /^Owner$/ }) });
  await expect(owner.locator('.team-count')).toHaveText(/^\d+ membres?$/);
  await context.close();
});

test('the home page shows the kitchen live: big figures and the latest delivery with its picture', async ({ page }) => {
  await page.goto('/');
  const live = page.getByRole('region', { name: 'The kitchen, live' });
  await expect(live.locator('[data-figure="activeOrders"]')).toHaveText(/^\d+$/);
  await expect(live.locator('[data-figure="deliveredToday"]')).toHaveText(/^\d+$/);
  // The demo data's latest delivery, with its picture and who cooked and delivered it.
  await expect(live.getByText('Just delivered')).toBeVisible();
  await expect(live.locator('figure img')).toHaveJSProperty('complete', true);
  await expect(live.locator('figcaption')).toContainText(/cooked by .+, delivered by .+ at \d\d:\d\d UTC/);
  await expect(page.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '#how-it-works');
});
