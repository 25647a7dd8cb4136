import type { Browser } from '@playwright/test';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import type { Services } from '../../plugins/index.ts';
import { checkState, type Diner, expect, expectAccessible, fitsPhone, test } from './fixtures.ts';

const MORGAN_MANAGER = '1100000000000000004';
const SAM_OWNER = '1100000000000000005';

/** A demo user's CurrentUser, to act through the services as they would through the site. */
async function demoUser(diner: Diner, id: string): Promise<CurrentUser> {
  const { sessions } = diner.app.server.ctx;
  return (await sessions.validate((await sessions.create(id)).token))!.user;
}

async function newUser(browser: Browser, diner: Diner, username: string): Promise<string> {
  const context = await browser.newContext();
  const { id } = await diner.signIn(context, { username });
  await context.close();
  return id;
}

test("a manager bans someone from the ban page; the manager then reads it in that user's Audit section", async ({
  page,
  browser,
  diner,
}) => {
  const target = await newUser(browser, diner, 'loud_larry');
  await page.goto(`/login?redirect=${encodeURIComponent(`/staff/admin/users/${target}/ban`)}`);
  await page.getByRole('button', { name: /Morgan Manager/ }).click();
  await expect(page.getByRole('heading', { name: 'Ban user' })).toBeVisible();
  await page.getByLabel('Reason').fill('Shouting at the chefs');
  await page.getByLabel('Permanent').check();
  await page.getByRole('button', { name: 'Ban user' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Ban saved.');
  // A user manager has no audit log screen.
  await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  await page.goto(`/users/${target}`);
  const audit = page.getByTestId('profile-audit');
  await expect(audit.getByRole('heading', { name: 'Audit' })).toBeVisible();
  const entry = audit.locator('.audit-entry').first();
  await expect(entry).toContainText('Morgan Manager');
  await expect(entry).toContainText('Banned a user');
  await expect(entry.getByRole('row', { name: /Reason/ })).toContainText('Shouting at the chefs');
  // A profile with its Audit section, which only a user manager sees: the every-page pass sees profiles anonymously.
  await expectAccessible(page);
  await fitsPhone(page);
});

test("the super admin finds a manager's ban by actor, then by target, kind and date", async ({
  page,
  browser,
  diner,
}) => {
  const services = diner.app.server.ctx.services as Services;
  const target = await newUser(browser, diner, 'rowdy_rita');
  await services.users.admin.ban(await demoUser(diner, MORGAN_MANAGER), target, {
    reason: 'Trolling the kitchen',
    expires: null,
  });

  await page.goto('/login?redirect=%2Fstaff%2Fdashboard');
  await page.getByRole('button', { name: /Sam Owner/ }).click();
  await page.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();

  await page.getByLabel('Who (user ID)').fill(MORGAN_MANAGER);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${MORGAN_MANAGER}`));
  // Other journeys on this server may have Morgan act too: every entry listed is Morgan's, this ban among them.
  const actors = await page.locator('[data-audit-actor]').allTextContents();
  expect(actors.length).toBeGreaterThan(0);
  expect(new Set(actors)).toEqual(new Set(['Morgan Manager']));
  const entry = page.locator('.audit-entry', { hasText: 'rowdy_rita' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Banned a user');
  await expect(entry.getByRole('row', { name: /Reason/ })).toContainText('Trolling the kitchen');

  // The target's name filters by the target; the kind filter keeps it; a date in the future finds nothing.
  await entry.getByRole('link', { name: 'rowdy_rita' }).click();
  await expect(page).toHaveURL(new RegExp(`target=${target}`));
  await page.getByLabel('Kind').selectOption({ label: 'Banned a user' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('1 entry');
  await page.getByLabel('From', { exact: true }).fill('2999-01-01');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('No entries');
  await page.getByRole('link', { name: 'Clear', exact: true }).click();
  await expect(page.locator('.audit-entry').first()).toBeVisible();
  await checkState(page);
});

test('MANAGE_SETTINGS alone reads the settings entries and nothing else', async ({ page, context, diner }) => {
  const services = diner.app.server.ctx.services as Services;
  const editor = await diner.signIn(context, {
    username: 'sally_settings',
    permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'],
  });
  await services.settings.set(
    'kitchen',
    { open: false, reason: 'Deep clean' },
    { id: editor.id, username: 'sally_settings', displayName: null },
  );
  await services.settings.set(
    'kitchen',
    { open: true, reason: '' },
    { id: editor.id, username: 'sally_settings', displayName: null },
  );
  // Something a settings editor may not read.
  await services.users.admin.warn(await demoUser(diner, SAM_OWNER), editor.id, 'Not for her eyes.');

  await page.goto('/staff/dashboard');
  await page.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const actions = await page
    .locator('.audit-entry')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-audit-action')));
  expect(actions.length).toBeGreaterThanOrEqual(2);
  expect(new Set(actions)).toEqual(new Set(['settings.update']));
  await expect(page.locator('.audit-entry', { hasText: 'Not for her eyes' })).toHaveCount(0);
  const kinds = await page.getByLabel('Kind').locator('option').allTextContents();
  // The settings kinds only: the settings themselves and the store's items, which live in Site Settings.
  expect(kinds).toEqual([
    'Any kind',
    'Settings and announcements',
    'Changed a setting',
    'Added a store item',
    'Edited a store item',
    'Restocked a store item',
    'Deleted a store item',
    'Fulfilled a store purchase',
  ]);
  const kitchen = page.locator('.audit-entry', { hasText: 'kitchen' }).first();
  await expect(kitchen.getByRole('row', { name: /Open/ })).toContainText(/no\s*yes/);
  // The log as a settings editor sees it (its kinds only).
  await expectAccessible(page);
  await fitsPhone(page);

  // Even asked for user entries by URL, the log holds none for this reader.
  await page.goto('/staff/admin/site-management/audit-log?action=user');
  await expect(page.getByTestId('list-range')).toHaveText('No entries');
});
