import type { Page } from '@playwright/test';
import { appServices } from '../../plugins/index.ts';
import { LOADING_BAR_THROTTLE_MS, PREFETCH_HOVER_MS } from '../../site/lib/navigation.ts';
import { TOAST_DURATION_MS } from '../../site/lib/toast.ts';
import { checkState, type Diner, expect, expectAccessible, fitsPhone, test } from './fixtures.ts';
import { PUBLIC } from './pages.ts';

const settingsOf = (diner: Diner) => appServices(diner.app.server.ctx).settings;

/**
 * The page did not reload: a round trip to the server from the page comes back to the same document. A reload the
 * page had started before would have replaced the document (and counted a navigation) by then.
 */
async function sameDocumentAfterRoundTrip(page: Page): Promise<boolean> {
  await page.evaluate(() => ((window as unknown as { vdStayed?: boolean }).vdStayed = true));
  return page.evaluate(async () => {
    await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
    return (window as unknown as { vdStayed?: boolean }).vdStayed === true;
  });
}

async function festive(
  diner: Diner,
  enabled: boolean,
  countdownTo: string | null = new Date(Date.now() + 3 * 86_400_000).toISOString(),
) {
  await settingsOf(diner).set('festiveMode', { enabled, countdownTo, countdownLabel: 'Christmas' }, null);
}

test.describe('festive mode', () => {
  test.afterEach(async ({ diner }) => festive(diner, false));

  test('off: no festive bar, no snow', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-testid="user-menu"], a[data-login]').first()).toBeVisible();
    await expect(page.getByTestId('festive-bar')).toHaveCount(0);
    await expect(page.getByTestId('snow')).toHaveCount(0);
  });

  test('on: snow and the countdown, each toggled and remembered across reloads', async ({ page, diner }) => {
    await festive(diner, true);
    await page.goto('/');
    const bar = page.getByTestId('festive-bar');
    await expect(bar.getByText(/^3d|^2d 23h/)).toBeVisible();
    await expect(bar).toContainText('until Christmas');
    await expect(page.getByTestId('snow')).toHaveCount(1);
    const snowToggle = bar.getByRole('button', { name: 'Snow' });
    const countdownToggle = bar.getByRole('button', { name: 'Countdown' });
    await expect(snowToggle).toHaveAttribute('aria-pressed', 'true');
    await checkState(page);

    await snowToggle.click();
    await countdownToggle.click();
    await expect(page.getByTestId('snow')).toHaveCount(0);
    await expect(bar.locator('[data-festive-countdown]')).toBeHidden();
    expect(
      await page.evaluate(() => [localStorage.getItem('festive-snow'), localStorage.getItem('festive-countdown')]),
    ).toEqual(['false', 'false']);

    await page.reload();
    await expect(page.getByTestId('festive-bar').getByRole('button', { name: 'Snow' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByTestId('festive-bar').getByRole('button', { name: 'Countdown' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByTestId('snow')).toHaveCount(0);
    await expect(page.getByTestId('festive-bar').locator('[data-festive-countdown]')).toBeHidden();

    await page.getByTestId('festive-bar').getByRole('button', { name: 'Snow' }).click();
    await page.reload();
    await expect(page.getByTestId('snow')).toHaveCount(1);
    await page.emulateMedia({ colorScheme: 'dark' });
    await fitsPhone(page);
  });

  test('a festive chunk that fails to load reloads the page once, not in a loop', async ({ page, diner }) => {
    await festive(diner, true);
    // Counted as they happen, not by load events: the chunk is asked for as soon as the runtime island answers,
    // often before the first document's load event, and the reload then replaces that document before it fires
    // one (a slow picture on the page is enough).
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
    });
    let refused = 0;
    await page.route('**/_astro/festive.*.js', (route) => {
      refused++;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    // The loader logs the failure it gives up on (the guard said no reload); one it reloads for, it does not.
    let givenUp = 0;
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('/_astro/festive.')) givenUp++;
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/', { waitUntil: 'commit' });
    // The first page asked for the chunk and reloaded; the second asked, failed and stayed.
    await expect
      .poll(() => ({ documents: documents.length, refused, givenUp }), { timeout: 20_000 })
      .toEqual({ documents: 2, refused: 2, givenUp: 1 });
    await page.waitForLoadState('load');
    // A wrongful second reload would start at once, as the failure is logged: by a round trip later it has shown.
    expect(await sameDocumentAfterRoundTrip(page)).toBe(true);
    expect(documents).toHaveLength(2);
    expect(await page.evaluate(() => Number(sessionStorage.getItem('vd-chunk-reload-at')))).toBeGreaterThan(0);
    await expect(page.getByTestId('festive-bar')).toBeVisible();
    await expect(page.getByTestId('snow')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('snow stops drawing while the tab is hidden, and starts again when it is back', async ({ page, diner }) => {
    await festive(diner, true);
    // The page's own requests for a frame are counted; `uncounted` waits for frames without counting.
    await page.addInitScript(() => {
      const w = window as unknown as { frames: number; uncounted: typeof requestAnimationFrame };
      w.frames = 0;
      const raf = window.requestAnimationFrame.bind(window);
      w.uncounted = raf;
      window.requestAnimationFrame = (callback) => {
        w.frames++;
        return raf(callback);
      };
    });
    await page.goto('/');
    await expect(page.getByTestId('snow')).toHaveCount(1);
    const frames = () => page.evaluate(() => (window as unknown as { frames: number }).frames);
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'hidden', { value, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await expect.poll(frames).toBeGreaterThan(5);
    await setHidden(true);
    const hiddenAt = await frames();
    // Ten frames drawn: snow still drawing would have asked for each of them.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const { uncounted } = window as unknown as { uncounted: typeof requestAnimationFrame };
          let left = 10;
          const tick = () => (--left === 0 ? resolve() : uncounted(tick));
          uncounted(tick);
        }),
    );
    expect(await frames()).toBeLessThanOrEqual(hiddenAt + 1);
    await setHidden(false);
    await expect.poll(frames).toBeGreaterThan(hiddenAt + 5);
  });

  test('no snow under prefers-reduced-motion, and no snow toggle', async ({ page, diner }) => {
    await festive(diner, true);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/team');
    await expect(page.getByTestId('festive-bar')).toContainText('until Christmas');
    await expect(page.getByTestId('snow')).toHaveCount(0);
    await expect(page.getByTestId('festive-bar').getByRole('button', { name: 'Snow' })).toBeHidden();
  });

  test('a past date is celebrated; no date hides the countdown and its toggle', async ({ page, diner }) => {
    await festive(diner, true, new Date(Date.now() - 60_000).toISOString());
    await page.goto('/');
    await expect(page.getByTestId('festive-bar')).toContainText('Happy Christmas!');
    await festive(diner, true, null);
    await page.reload();
    await expect(page.getByTestId('festive-bar').getByRole('button', { name: 'Snow' })).toBeVisible();
    await expect(page.getByTestId('festive-bar').getByRole('button', { name: 'Countdown' })).toHaveCount(0);
    await expect(page.getByTestId('festive-bar').locator('[data-festive-countdown]')).toBeHidden();
  });
});

test('no ad network configured: no ad, no notice, no cookie button', async ({ page }) => {
  await page.goto('/');
  // The runtime is read and acted on in one go (site/lib/runtime.ts onRuntime): once it is there, the page has
  // decided about ads, and with none configured nothing starts them later.
  await page.waitForFunction(() => window.__vdRuntime !== undefined);
  expect(await page.evaluate(() => window.__vdRuntime?.ads)).toBeNull();
  await expect(page.locator('[data-ad-slot]')).toBeHidden();
  await expect(page.getByTestId('adblock-notice')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie preferences' })).toBeHidden();
});

test('/hourly, in the default layout, tells a visitor what it is and leads them to sign in', async ({ page }) => {
  await page.goto('/hourly');
  await expect(page).toHaveTitle('Hourly reward | Virtual Diner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hourly rewards');
  await expect(page.getByText('Come back every hour for 50 free coins.')).toBeVisible();
  await expect(page.getByTestId('hourly-signed-out').getByRole('link', { name: 'Sign in to claim' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fhourly',
  );
  await expect(page.locator('footer')).toContainText('the number 1 home for virtual fast food');
});

test('/disable-your-adblocker renders its help without an ad network', async ({ page }) => {
  await page.goto('/disable-your-adblocker');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Please disable your browser's ad-blocker");
  await expect(page.getByText('Virtual Diner relies on ads to keep the kitchen open.')).toBeVisible();
  const help = page.getByTestId('adblock-help');
  await help.locator('summary', { hasText: 'uBlock Origin' }).click();
  await expect(help.getByText('Click the large power button so it turns grey.')).toBeVisible();
  // A help entry open: a state the page's load does not show.
  await checkState(page);
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the service worker is registered at /sw.js with scope /, and shows the offline page without a network', async ({
    page,
    context,
    diner,
  }) => {
    await page.goto('/privacy');
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: reg.active?.scriptURL };
    });
    expect(new URL(registration.scope).pathname).toBe('/');
    expect(new URL(registration.script!).pathname).toBe('/sw.js');
    // The worker takes control of this page once it has claimed its clients.
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // It cached the offline page and hashed assets only: nothing under /api/, no page but /offline.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/offline');
    expect(cached.every((p) => p === '/offline' || p.startsWith('/_astro/'))).toBe(true);

    // Signed-in pages and API answers stay out of the cache too.
    await diner.signIn(context, { rank: 'Owner' });
    await page.goto('/staff/dashboard');
    await page.goto('/users/@me');
    await page.evaluate(() => fetch('/api/v3/users/@me'));
    const after = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(after.every((p) => p === '/offline' || p.startsWith('/_astro/'))).toBe(true);

    await context.setOffline(true);
    await page.goto('/team').catch(() => {});
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expectAccessible(page);
    await fitsPhone(page);
    await context.setOffline(false);
  });
});

test.describe('navigation', () => {
  test('a slow navigation shows the loading bar after 200 ms', async ({ browser, baseURL }) => {
    // A context of our own takes no options from the config: no service worker, so page.route sees the navigation.
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    await page.route('**/privacy', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    // Playwright cannot look into a page that is being left: the page notes when the bar appeared, in sessionStorage.
    await page.evaluate(() => {
      const clickedAt = { value: 0 };
      window.addEventListener('click', () => (clickedAt.value = performance.now()), { capture: true });
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-bar"]') && !sessionStorage.getItem('bar-after')) {
          sessionStorage.setItem('bar-after', String(performance.now() - clickedAt.value));
        }
      }).observe(document.body, { childList: true });
    });
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click({ noWaitAfter: true });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    const after = Number(await page.evaluate(() => sessionStorage.getItem('bar-after')));
    expect(after).toBeGreaterThanOrEqual(200);
    expect(after).toBeLessThan(1000);
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
    await context.close();
  });

  test('a quick same-page action shows no loading bar', async ({ page }) => {
    // The page's timers run on a clock the test moves: past the bar's delay at once, without waiting for it.
    await page.clock.install();
    await page.goto('/');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<a id="hash" href="#content">x</a>'));
    await page.locator('#hash').click();
    await page.clock.runFor(LOADING_BAR_THROTTLE_MS * 2);
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  });

  /** The links prefetched once the pointer has rested on Our Team past the hover delay (on the page's clock). */
  async function prefetched(page: Page) {
    await page.locator('nav').getByRole('link', { name: 'Our Team' }).hover();
    await page.mouse.down();
    await page.clock.runFor(PREFETCH_HOVER_MS * 2);
    const links = await page
      .locator('link[rel="prefetch"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    await page.mouse.up();
    return links;
  }

  test('links are prefetched on hover, but not on 2g nor with data saver', async ({ browser, baseURL }) => {
    for (const [connection, expected] of [
      [null, true],
      [{ effectiveType: '2g', saveData: false }, false],
      [{ effectiveType: '4g', saveData: true }, false],
    ] as const) {
      const context = await browser.newContext({ baseURL });
      if (connection)
        await context.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection);
      const page = await context.newPage();
      await page.clock.install();
      // Do not actually leave the page when the pointer comes up.
      await page.goto('/');
      await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
      const links = await prefetched(page);
      expect(
        links.some((href) => href?.endsWith('/team')),
        `prefetch with ${JSON.stringify(connection)}`,
      ).toBe(expected);
      await context.close();
    }
  });

  test('a chunk that fails to load reloads the page, at most once a minute', async ({ page }) => {
    await page.goto('/');
    const reloads: number[] = [];
    page.on('load', () => reloads.push(Date.now()));
    await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
    await expect.poll(() => reloads.length).toBe(1);
    await page.waitForLoadState('load');
    // The guard answers at once: a reload is marked by preventing the event's default, and would have shown by a round trip later.
    const reloading = await page.evaluate(() => {
      const event = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(reloading).toBe(false);
    expect(await sameDocumentAfterRoundTrip(page)).toBe(true);
    expect(reloads.length).toBe(1);
    expect(await page.evaluate(() => Number(sessionStorage.getItem('vd-chunk-reload-at')))).toBeGreaterThan(0);
  });
});

test('toasts: top-right, gone after 5 s', async ({ page }) => {
  // The page's timers run on a clock the test moves: 5 s pass at once.
  await page.clock.install();
  await page.goto('/?error=insufficient_permissions');
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText('An error occurred: You have insufficient permissions to view that page.');
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeLessThan(40);
  expect(1280 - (box.x + box.width)).toBeLessThan(40);
  await page.clock.runFor(TOAST_DURATION_MS);
  await expect(toast).toHaveCount(0);
});

test('the stylesheet uses the specification breakpoints and the dialog width', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  const response = await request.get(href!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const css = await response.text();
  for (const width of [769, 1024, 1216, 1408]) expect(css).toMatch(new RegExp(`(width>=|min-width:)${width}px`));
  expect(css).toContain('--vd-dialog-max:460px');
});

test.describe('dark colour scheme', () => {
  test.use({ colorScheme: 'dark' });

  for (const path of [
    '/',
    '/team',
    '/privacy',
    '/invite',
    '/login',
    '/no-such-page',
    '/hourly',
    '/disable-your-adblocker',
  ] as const) {
    test(`${path} is dark in the dark scheme${PUBLIC.includes(path) ? '' : ', accessible and no wider than a phone'}`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator('footer')).toBeVisible();
      // Bulma follows the system scheme: the page background is dark.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = background.match(/\d+/g)!.map(Number);
      expect(r! + g! + b!, `background ${background}`).toBeLessThan(150);
      // The pages of the site are checked in dark by pages.spec.ts; the not-found page is checked here.
      if (!PUBLIC.includes(path)) {
        await expectAccessible(page);
        await fitsPhone(page);
      }
    });
  }

  test('staff dashboard in dark', async ({ page, context, diner }) => {
    await diner.signIn(context, { rank: 'Owner' });
    await page.goto('/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
    await expectAccessible(page);
    await fitsPhone(page);
  });
});
