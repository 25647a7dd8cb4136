import type { Page } from '@playwright/test';
import { expect, expectAccessible, fitsPhone, serverIslandsLoaded, test } from './fixtures.ts';
import { ALL_PAGES, expected, ROLES, USERS, type Role } from './pages.ts';

/**
 * Every page once, as the least privileged role that may open it (one role per permission class: a visitor, a
 * customer, a chef, a super admin): it renders with the site's shell, axe finds no serious problem in the light and
 * the dark scheme, nothing is wider than a 390 px phone, and no link on it leads to a page that does not exist.
 * Journeys check journeys; this is where every page's look is checked. The pages only read, so they run in parallel.
 */
test.describe.configure({ mode: 'parallel' });

/** Links this worker has already followed: the navbar and footer repeat on every page. */
const followed = new Set<string>();

function checkerOf(path: string): Role {
  const role = ROLES.find((r) => expected(r, path) === 'ok');
  if (!role) throw new Error(`No role may open ${path}`);
  return role;
}

async function expectShell(page: Page, role: Role): Promise<void> {
  const footer = page.locator('footer.site-footer');
  // Recruitment only for someone signed in (§2); every link leads to a page that exists.
  const recruitment = role === 'anonymous' ? [] : ['Recruitment'];
  await expect(footer.getByRole('link')).toHaveText(['Invite', 'Appeal', ...recruitment, 'Privacy Policy', 'Login', 'Our Team', 'Discord community']);
  await expect(footer).toContainText('the number 1 home for virtual fast food');
  await expect(footer).toContainText(`2017–${new Date().getFullYear()}`);
  await expect(page.getByTestId('announcement')).toBeVisible();
}

for (const path of ALL_PAGES) {
  const role = checkerOf(path);
  test(`${path} as ${role}: shell, axe light and dark, fits a phone, its links lead somewhere`, async ({ browser, diner }) => {
    const context = await browser.newContext();
    if (role !== 'anonymous') await diner.signIn(context, USERS[role]);
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Server islands (the user menu, live figures) are part of the page axe must see.
    await serverIslandsLoaded(page);
    await expectShell(page, role);
    await expectAccessible(page);
    await fitsPhone(page, path);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    const links = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('#')[0]!));
    for (const href of new Set(links)) {
      if (href === '/api/auth/logout' || followed.has(`${role} ${href}`)) continue;
      followed.add(`${role} ${href}`);
      expect((await page.request.get(href, { maxRedirects: 0 })).status(), `${href} (linked from ${path} as ${role})`).not.toBe(404);
    }
    await context.close();
  });
}
