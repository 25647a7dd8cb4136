import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** The Chromium the end-to-end tests use (playwright.config.ts): CHROMIUM_PATH, then Debian's, else Playwright's own. */
const EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/**
 * Cumulative layout shift of each page at a phone's size (390 × 844): every `layout-shift` entry the browser reports
 * (Chromium's Layout Instability API, the figure behind Lighthouse's CLS; none after an input) from the first paint
 * until the page has loaded, its fonts and pictures are in and the network has been at rest for 500 ms, summed. Null
 * when no Chromium can be started.
 */
export async function cumulativeLayoutShift(
  baseUrl: string,
  paths: readonly string[],
): Promise<Map<string, number> | null> {
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  try {
    browser = await chromium.launch({ executablePath: EXECUTABLE, args: ['--no-sandbox', '--disable-gpu'] });
  } catch {
    return null;
  }
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => {
      const total = { value: 0 };
      (window as unknown as { __cls: typeof total }).__cls = total;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) total.value += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifts = new Map<string, number>();
    for (const path of paths) {
      const page = await context.newPage();
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
      const cls = await page.evaluate(async () => {
        await document.fonts.ready;
        await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
        // Two frames: a shift from what just arrived is reported after the frame that lays it out.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return (window as unknown as { __cls: { value: number } }).__cls.value;
      });
      shifts.set(path, cls);
      await page.close();
    }
    return shifts;
  } finally {
    await browser.close();
  }
}
