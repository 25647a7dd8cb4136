import type { Page, Route } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { PUBLIC } from './pages.ts';

/**
 * Issue 10, item 11: no layout shift on public pages. Each public page, as an anonymous visitor at desktop and phone
 * widths and as a signed-in customer at desktop width, loaded until its server islands (held until the page has
 * painted), pictures and fonts are in; the browser's own layout-shift entries
 * (Chromium's Layout Instability API, the figure behind Cumulative Layout Shift) are recorded from the first paint and
 * must sum to 0. A shift names the elements that moved, so a failure says which.
 */

interface Shift {
  value: number;
  moved: string[];
}

/** Records every layout shift the page makes from its first paint (before any of its scripts run). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) =>
          node instanceof Element ? node.outerHTML.slice(0, 160) : (node?.nodeName ?? 'a removed node'),
        );
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Holds the server islands' answers until the page has painted, as a slow network would: a fallback of the wrong
 * size then moves the page when its island arrives. Without this, an island answered before the first paint hides it.
 */
async function islandsAfterFirstPaint(page: Page, path: string): Promise<void> {
  const held: Route[] = [];
  let painted = false;
  await page.route('**/_server-islands/**', (route) => (painted ? route.continue() : void held.push(route)));
  await page.goto(path);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  painted = true;
  await Promise.all(held.map((route) => route.continue()));
  await page.unroute('**/_server-islands/**');
}

/**
 * Waits until nothing more is coming: the load event, the server islands' answers, the React islands hydrated,
 * every picture and the fonts.
 */
async function loaded(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await hydrated(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
    // Two frames: a shift from what just arrived is reported after the frame that lays it out.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

// The pages only read, and each test records its own: they run side by side.
test.describe.configure({ mode: 'parallel' });

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);

const CASEY_CUSTOMER = '1100000000000000001';

for (const [label, width, height, signedIn] of [
  ['desktop', 1280, 800, false],
  ['phone', 390, 844, false],
  // Signed in, the user menu (bell, avatar, name) is wider than the Login link.
  ['desktop, signed in', 1280, 800, true],
] as const) {
  test(`public pages do not shift as they load (${label}, ${width} px)`, async ({ page, context, diner }) => {
    if (signedIn) await diner.signInAs(context, CASEY_CUSTOMER);
    await page.setViewportSize({ width, height });
    await recordShifts(page);
    for (const path of [...PUBLIC, '/no-such-page']) {
      await islandsAfterFirstPaint(page, path);
      await loaded(page);
      const shifts = await shiftsOf(page);
      expect(shifts, `${path} at ${width} px shifted: ${JSON.stringify(shifts, null, 1)}`).toEqual([]);
    }
    if (signedIn) await expect(page.getByTestId('user-menu')).toBeVisible();
  });
}
