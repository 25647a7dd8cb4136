import { LOCALE_COOKIE, LOCALES, type Locale } from '../../core/i18n/locales.ts';
import { adminRecruitmentText } from '../../site/i18n/admin-recruitment/index.ts';
import { adminSettingsText } from '../../site/i18n/admin-settings/index.ts';
import { layoutText } from '../../site/i18n/layout/index.ts';
import { expect, hydrated, serverIslandsLoaded, test } from './fixtures.ts';
import { ALL_PAGES, ROLES, VIEWERS, viewerRoleOf } from './pages.ts';

/**
 * The site in the reader's language (docs/i18n.md): their setting, else the language this browser chose, else
 * Accept-Language, else English; `<html lang>` says which.
 */

test('a browser that asks for French gets the page in French, and caches keep one copy per language', async ({
  request,
}) => {
  const response = await request.get('/', { headers: { 'accept-language': 'fr-CA, fr;q=0.9, en;q=0.5' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<html lang="fr"/);
  expect(html).toContain('Comment commander');
  expect(html).toContain('Notre équipe');
  expect(response.headers().vary).toMatch(/Accept-Language/i);
  expect(response.headers().vary).toMatch(/Cookie/i);
  // A language the diner does not speak, and none: English as the specification words it.
  for (const acceptLanguage of ['ja, ko;q=0.8', '']) {
    const english = await (await request.get('/', { headers: { 'accept-language': acceptLanguage } })).text();
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain('How ordering works');
  }
});

test('a visitor chooses a language in the footer: this page and the next are in it, until they go back to their browser’s', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/team');
  const picker = page.getByTestId('language-picker-footer-language');
  await picker.getByLabel('Language').selectOption('de');
  await picker.getByRole('button', { name: 'Change' }).click();
  // Back on the page it was chosen on, in German.
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'So bestellst du' })).toBeVisible();
  // "My browser's language": English again, as the browser asks.
  await picker.getByLabel('Sprache').selectOption({ label: 'Sprache meines Browsers' });
  await picker.getByRole('button', { name: 'Ändern' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((cookie) => cookie.name === LOCALE_COOKIE)).toBeUndefined();
  await context.close();
});

test('a signed-in user chooses on their profile: the choice is kept on their account, and another browser opens in it', async ({
  browser,
  diner,
}) => {
  const first = await browser.newContext({ locale: 'en-GB' });
  const user = await diner.signIn(first);
  const page = await first.newPage();
  await page.goto('/users/@me/manage');
  const picker = page.getByTestId('manage-language');
  await picker.getByLabel('Language').selectOption('es');
  await picker.getByRole('button', { name: 'Change' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveURL(/\/users\/@me\/manage$/);
  await expect(page.getByTestId('manage-language').getByLabel('Idioma')).toHaveValue('es');

  // Another browser, which asks for German and has made no choice: the account's Spanish wins.
  const second = await browser.newContext({ locale: 'de-DE' });
  await diner.signInAs(second, user.id);
  const other = await second.newPage();
  await other.goto('/');
  await expect(other.locator('html')).toHaveAttribute('lang', 'es');
  await expect(other.getByRole('heading', { name: 'Cómo se pide' })).toBeVisible();
  await Promise.all([first.close(), second.close()]);
});

test('what the browser writes itself is in the page’s language too: a toast, the bell', async ({ browser, diner }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await diner.signIn(context);
  const page = await context.newPage();
  await page.goto('/?error=insufficient_permissions');
  await expect(page.getByTestId('toast')).toHaveText(
    'Une erreur s’est produite : Vous n’avez pas les autorisations nécessaires pour voir cette page.',
  );
  await page.getByRole('button', { name: /^Notifications, 0 non lue$/ }).click();
  await expect(
    page.getByText('Rien pour l’instant. Les décisions qui vous concernent apparaîtront ici.'),
  ).toBeVisible();
  await context.close();
});

test('the language form takes only the languages offered, and sends the browser back only to this site', async ({
  request,
}) => {
  const refused = await request.post('/language', { form: { locale: 'klingon', next: '/team' }, maxRedirects: 0 });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  expect(refused.headers()['set-cookie']).toBeUndefined();
  for (const next of ['//evil.example/', '/\\evil.example', 'https://evil.example/']) {
    const response = await request.post('/language', { form: { locale: 'fr', next }, maxRedirects: 0 });
    expect([response.status(), response.headers().location], next).toEqual([303, '/']);
  }
});

test('a cross-site post of the language form with a session cookie is refused', async ({ browser, diner }) => {
  const context = await browser.newContext();
  await diner.signIn(context);
  const response = await context.request.post('/language', {
    form: { locale: 'fr', next: '/' },
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await context.close();
});

/**
 * Every page of the site, as the least privileged role that may open it, in every language: it answers, in that
 * language (a text missing from a catalogue fails the render: FormatJS reports it, and the page would be the error
 * page), with the shared frame translated.
 */
test.describe.configure({ mode: 'parallel' });
for (const role of ROLES) {
  test(`every page ${role === 'anonymous' ? 'a visitor' : `a ${role}`} opens renders in every language`, async ({
    browser,
    diner,
  }) => {
    const context = await browser.newContext();
    if (role !== 'anonymous') await diner.signInAs(context, VIEWERS[role]);
    const pages = ALL_PAGES.filter((path) => viewerRoleOf(path) === role);
    expect(pages.length).toBeGreaterThan(0);
    for (const path of pages) {
      for (const locale of LOCALES) {
        const response = await context.request.get(`${diner.url}${path}`, {
          headers: { 'accept-language': locale },
          maxRedirects: 0,
        });
        expect(response.status(), `${path} in ${locale}`).toBe(200);
        const html = await response.text();
        expect(html, `${path} in ${locale}`).toMatch(new RegExp(`<html lang="${locale}"`));
        expect(html, `${path} in ${locale}`).toContain(footerText(locale));
      }
    }
    await context.close();
  });
}

/**
 * German's words are the longest of the five: every page, in German, fits a 390 px phone (pages.spec.ts checks every
 * page's look in English).
 */
for (const role of ROLES) {
  test(`every page ${role === 'anonymous' ? 'a visitor' : `a ${role}`} opens fits a phone in German`, async ({
    browser,
    diner,
  }) => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    if (role !== 'anonymous') await diner.signInAs(context, VIEWERS[role]);
    const page = await context.newPage();
    for (const path of ALL_PAGES.filter((each) => viewerRoleOf(each) === role)) {
      await page.goto(path);
      await serverIslandsLoaded(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `${path} in German at 390 px is wider than the screen`,
        })
        .toBeLessThanOrEqual(390);
    }
    await context.close();
  });
}

/**
 * What the page list does not open: Site Settings' Store tab (a query of /staff/admin/settings) in every language,
 * and, in German at 390 px, that tab and the form builder with its preview shown (hidden until asked for).
 */
test('the Store tab renders in every language; it and the form builder’s preview fit a phone in German', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  await diner.signInAs(context, VIEWERS.superAdmin);
  for (const locale of LOCALES) {
    const response = await context.request.get(`${diner.url}/staff/admin/settings?tab=store`, {
      headers: { 'accept-language': locale },
    });
    expect(response.status(), locale).toBe(200);
    const html = await response.text();
    expect(html, locale).toMatch(new RegExp(`<html lang="${locale}"`));
    expect(html, locale).toContain(adminSettingsText(locale)('store.awaiting'));
  }
  const t = adminRecruitmentText('de');
  const page = await context.newPage();
  for (const path of ['/staff/admin/settings?tab=store', '/staff/admin/recruitment/create']) {
    await page.goto(path);
    await hydrated(page);
    if (path.endsWith('/create')) {
      await page.getByRole('button', { name: t('builder.add') }).click();
      await page.getByRole('button', { name: t('builder.preview') }).click();
      await expect(page.getByRole('region', { name: t('preview.label') })).toBeVisible();
    }
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${path} in German at 390 px is wider than the screen`,
      })
      .toBeLessThanOrEqual(390);
  }
  await context.close();
});

/** A text of the shared frame (the footer's), as each language writes it. */
function footerText(locale: Locale): string {
  return layoutText(locale)('footer.tagline');
}
