import type { Browser, Page } from '@playwright/test';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { OrderSchema } from '../../plugins/orders/entities.ts';
import type { RanksService } from '../../plugins/ranks/service.ts';
import { DEMO_USERS } from '../../plugins/users/seed.ts';
import { expect, hydrated, type Diner } from './fixtures.ts';

/**
 * Checks of the Content-Security-Policy (core/http/csp.ts) in a real browser, for csp.spec.ts and
 * csp-ads.spec.ts: each page's answer carries the policy, and the browser reports no violation (a
 * `securitypolicyviolation` event or a CSP console error) once the page's server islands have arrived and its React
 * islands have hydrated.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

const CHARLIE_CHEF = '1100000000000000002';

export async function everyPage(diner: Diner): Promise<string[]> {
  const em = diner.app.server.ctx.orm.em.fork();
  const [order] = await em.find(OrderSchema, {}, { limit: 1 });
  const rank = (await (diner.app.server.ctx.services.ranks as RanksService).list())[0]!;
  return [
    '/', '/team', '/leaderboard', '/invite', '/privacy', '/login', '/login/callback', '/hourly', '/disable-your-adblocker', '/offline',
    '/banned', '/no-such-page', `/users/${CHARLIE_CHEF}`, `/users/${CHARLIE_CHEF}/manage`, '/users/@me', '/users/@me/manage',
    '/staff/dashboard', '/staff/orders', `/staff/orders/${order!.id}`, '/staff/food-lookup',
    '/staff/admin/users', `/staff/admin/users/${CHARLIE_CHEF}/ban`, `/staff/admin/users/${CHARLIE_CHEF}/remove-staff`,
    '/staff/admin/rank-manager', '/staff/admin/rank-manager/create', `/staff/admin/rank-manager/${rank.id}`,
    '/staff/admin/order-management', '/staff/admin/online-users', `/staff/admin/order-history/${CHARLIE_CHEF}`,
    '/staff/admin/site-management/audit-log', '/staff/admin/settings', '/staff/admin/site-management/announcement',
  ];
}

async function recordViolations(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => window.__cspViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`),
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  return consoleErrors;
}

/** Waits until what runs late on a page has run: the server islands have answered, the React islands hydrated. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await hydrated(page);
}

export async function visitAll(browser: Browser, diner: Diner, who: string, userId: string | null, pages: string[]): Promise<void> {
  const context = await browser.newContext();
  if (userId) {
    const { token, expiresAt } = await diner.app.server.ctx.sessions.create(userId);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: diner.url, httpOnly: true, sameSite: 'Lax', expires: expiresAt.getTime() / 1000 }]);
  }
  const page = await context.newPage();
  const consoleErrors = await recordViolations(page);
  const problems: string[] = [];
  for (const path of pages) {
    // The document that ends up shown, after any redirect (to /login, home or the ban page).
    const response = await page.goto(path);
    await settled(page);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? 'none';
    if (!/script-src 'self'/.test(policy) || /script-src[^;]*'unsafe-inline'/.test(policy)) problems.push(`${path}: policy ${policy}`);
    const violations = await page.evaluate(() => window.__cspViolations ?? []);
    problems.push(...violations.map((v) => `${path}: ${v}`), ...consoleErrors.splice(0).map((c) => `${path}: ${c}`));
  }
  await context.close();
  expect(problems, `CSP problems as ${who}`).toEqual([]);
}
