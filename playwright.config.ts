import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in a real Chromium against the real server (tests/e2e/fixtures.ts starts it on a free port
 * with a fresh embedded database). The system Chromium is used when there is one: CHROMIUM_PATH, then Debian's
 * headless shell (the headless build Playwright itself runs by default: it spends a third less CPU than the whole
 * browser), then Debian's Chromium; otherwise Playwright's own browser.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  outputDir: 'test-results/artifacts',
  // Each spec file has its own server and database (tests/e2e/fixtures.ts): files run side by side, one per worker;
  // a file whose tests only read says so (`test.describe.configure({ mode: 'parallel' })`) and is split too.
  fullyParallel: false,
  workers: 2,
  projects: [
    // `npm run test:e2e` (in `npm test`): the journeys and the every-page pass.
    { name: 'e2e', testDir: 'tests/e2e' },
    // `npm run test:visual`: screenshots and their contact sheet, for people to look at; it asserts nothing.
    { name: 'visual', testDir: 'tests/visual' },
  ],
  retries: process.env.CI ? 1 : 0,
  // A ceiling for a stuck journey, not a wait: journeys wait for conditions, and a journey that needs longer is split
  // (issue 40). 60 s leaves room for a second `npm test` running on the same 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // A trace records the page all along (its screencast alone doubled the browser's CPU), so it is taken when a
    // failed test runs again (CI retries once); locally, `npx playwright test --trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // page.route cannot see what a service worker fetches: journeys run without it; the spec that tests the
    // worker (site-polish.spec.ts) allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
