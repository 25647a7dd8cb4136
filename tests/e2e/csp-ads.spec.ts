import { visitAll } from './csp.ts';
import { expect, test } from './fixtures.ts';

/** With the ad network configured, the Content-Security-Policy lets its script, pixel and help manifest in. */
test.use({ adNetwork: true });

test('its script, pixel and help manifest load without a violation', async ({ browser, diner, ads }) => {
  const origin = new URL(ads!.env.AD_SCRIPT_URL).origin;
  const response = await (await browser.newContext()).request.get(`${diner.url}/`);
  const policy = response.headers()['content-security-policy']!;
  expect(policy).toMatch(new RegExp(`script-src [^;]*${origin.replace(/[.:/]/g, '\\$&')}`));
  await visitAll(browser, diner, 'anonymous with ads', null, [
    '/',
    '/leaderboard',
    '/team',
    '/privacy',
    '/disable-your-adblocker',
  ]);
});
