import { expect, expectAccessible, fitsPhone, hydrated, serverIslandsLoaded, test } from './fixtures.ts';

test.describe('the site in one process with the API', () => {
  test('home page shows the announcement banner from the settings', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Virtual Diner');
    const banner = page.getByTestId('announcement');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveClass(/is-info/);
    await expect(banner.locator('strong')).toHaveText('Virtual Diner');
    // The banner sits above the navbar.
    const bannerBox = await banner.boundingBox();
    const navBox = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
    expect(bannerBox!.y).toBeLessThan(navBox!.y);
    await expect(page.locator('footer')).toContainText('the number 1 home for virtual fast food');
    await expect(page.locator('footer')).toContainText(`2017–${new Date().getFullYear()}`);
  });

  test('an announcement change shows on the next page load; hidden when disabled', async ({ page, diner }) => {
    const settings = diner.app.server.ctx.services
      .settings as import('../../plugins/settings/service.ts').SettingsService;
    await settings.set(
      'currentAnnouncement',
      { enabled: true, type: 'is-danger', content: 'Kitchen closed until 18:00' },
      null,
    );
    await page.goto('/');
    await expect(page.getByTestId('announcement')).toHaveText('Kitchen closed until 18:00');
    await expect(page.getByTestId('announcement')).toHaveClass(/is-danger/);

    await settings.set('currentAnnouncement', { enabled: true, type: 'is-info', content: '   ' }, null);
    await page.goto('/');
    await expect(page.getByTestId('announcement')).toHaveText('Announcement could not be fetched');

    await settings.set('currentAnnouncement', { enabled: false, type: 'is-info', content: 'Hidden' }, null);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    // The banner is rendered with the page: once the page has loaded and its server islands have landed, nothing
    // more is coming.
    await serverIslandsLoaded(page);
    await expect(page.getByTestId('announcement')).toHaveCount(0);
  });

  test('a script and a javascript: link in the announcement are inert', async ({ page, diner, context }) => {
    const manager = await diner.signIn(context, { permissions: ['MANAGE_ANNOUNCEMENT'] });
    // Through the real API, as a manager's browser would send it.
    const res = await page.request.post(`/api/client/settings/currentAnnouncement`, {
      headers: { authorization: `Bearer ${manager.token}` },
      data: {
        val: {
          enabled: true,
          type: 'is-warning',
          content:
            'Hi <script>window.__pwned = 1</script> [win a prize](javascript:window.__pwned=2) <img src=x onerror="window.__pwned=3">',
        },
      },
    });
    expect(res.status()).toBe(200);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.goto('/');
    const banner = page.getByTestId('announcement');
    await expect(banner).toContainText('<script>window.__pwned = 1</script>');
    await expect(banner.locator('script, img')).toHaveCount(0);
    const link = banner.getByRole('link', { name: 'win a prize' });
    await expect(link).toHaveAttribute('href', '');
    await link.click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  test('an unknown page renders the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Error - 404 | Virtual Diner');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.locator('.error-page code')).toHaveText('/no/such/page');
    // The 404 page is in no list of the every-page pass: checked here.
    await expectAccessible(page);
    await fitsPhone(page);
  });

  test('unknown API paths answer JSON, not the 404 page', async ({ request }) => {
    const res = await request.get('/api/nothing-here');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  test('hashed assets are served compressed with immutable caching, pages with no-cache', async ({ page, request }) => {
    const assets: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/_astro/')) assets.push(r.url());
    });
    await page.goto('/');
    // Every asset the page asks for has answered: its stylesheets and scripts by the load event, its islands' code
    // once they have hydrated.
    await page.waitForLoadState('load');
    await hydrated(page);
    expect(assets.length).toBeGreaterThan(0);
    for (const url of assets) {
      const res = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // One route serves every hashed file (core/http/site.ts): a name the build did not make, or one that climbs out
    // of the folder, is the 404 page, never a file.
    for (const path of ['/_astro/no-such-file.abc123.js', '/_astro/..%2f..%2fpackage.json', '/_astro/']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type']).toContain('text/html');
    }
    const css = assets.find((u) => u.endsWith('.css'));
    if (css)
      expect((await request.get(css, { headers: { 'accept-encoding': 'br' } })).headers()['content-encoding']).toBe(
        'br',
      );
    // Pages rendered on request are checked with the server on every use, unless the page says otherwise.
    const home = await request.get('/');
    expect(home.headers()['cache-control']).toBe('no-cache');
    const missing = await request.get('/no/such/page');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['cache-control']).toBe('no-cache');
    const leaderboard = await request.get('/leaderboard');
    expect(leaderboard.headers()['cache-control']).toBe('public, max-age=60');
    // The footer offers Recruitment only to someone signed in: a shared cache keeps one copy per cookie.
    expect(leaderboard.headers().vary).toMatch(/\bCookie\b/);
    for (const response of [home, missing]) {
      expect(response.headers()['x-frame-options']).toBe('DENY');
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
