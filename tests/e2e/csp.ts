import type { Browser, BrowserContext, Page, Response } from '@playwright/test';
import { type Diner, expect, hydrated } from './fixtures.ts';

/**
 * Checks of the Content-Security-Policy (core/http/csp.ts) in a real browser, for pages.spec.ts (every page) and
 * csp-ads.spec.ts (with the ad network): each page's answer carries the policy, and the browser reports no violation
 * (a `securitypolicyviolation` event or a CSP console error) once the page's server islands have arrived and its
 * React islands have hydrated.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records what the browser blocks on every page of the context, from before the page's first script runs. */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        window.__cspViolations!.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
        ),
      true,
    );
  });
}

/** Collects the page's console errors about the policy, until `cspProblems` reads them. */
export function watchCspConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * What is wrong with the policy of the document `response` brought (the one shown, after any redirect) and what the
 * page reported blocked, once hydrated: `[]` when nothing.
 */
export async function cspProblems(page: Page, response: Response | null, consoleErrors: string[]): Promise<string[]> {
  await hydrated(page);
  const path = new URL(page.url()).pathname;
  const problems: string[] = [];
  const policy = (await response?.allHeaders())?.['content-security-policy'] ?? 'none';
  if (!/script-src 'self'/.test(policy) || /script-src[^;]*'unsafe-inline'/.test(policy))
    problems.push(`${path}: policy ${policy}`);
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  problems.push(...violations.map((v) => `${path}: ${v}`), ...consoleErrors.splice(0).map((c) => `${path}: ${c}`));
  return problems;
}

/** Opens each page in turn in a new context, signed in as `userId` or anonymous, and expects no CSP problem. */
export async function visitAll(
  browser: Browser,
  diner: Diner,
  who: string,
  userId: string | null,
  pages: string[],
): Promise<void> {
  const context = await browser.newContext();
  if (userId) await diner.signInAs(context, userId);
  await watchCsp(context);
  const page = await context.newPage();
  const consoleErrors = watchCspConsole(page);
  const problems: string[] = [];
  for (const path of pages) problems.push(...(await cspProblems(page, await page.goto(path), consoleErrors)));
  await context.close();
  expect(problems, `CSP problems as ${who}`).toEqual([]);
}
