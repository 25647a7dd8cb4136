import type { BrowserContext, Page } from '@playwright/test';
import { checkState, expect, signInWithDemoButton, test } from './fixtures.ts';

// The bot is configured against the Discord stand-in: rank announcements and DMs reach it.
test.use({ discordBot: true });

const CHANNEL = '515151515151515151';

/** The user's notices as their notifications page lists them (stored a moment after the decision: polled). */
async function noticesSeenBy(member: Page, text: string): Promise<number> {
  await member.goto('/users/@me/notifications');
  return member.getByText(text, { exact: true }).count();
}

test('a manager announces a rank change to the Discord channel, warns and blacklists a user, and lifts bans silently and not; the audit log shows it all', async ({
  browser,
  page,
  diner,
  discord,
}) => {
  const origin = { origin: diner.url };

  // A settings manager sets the channel announced rank changes go to.
  const settingsContext = await browser.newContext();
  await diner.signIn(settingsContext, {
    username: 'sally_settings',
    permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'],
  });
  const set = await settingsContext.request.post(`${diner.url}/api/client/settings/rankAnnouncementChannel`, {
    data: { val: CHANNEL },
    headers: origin,
  });
  expect(set.status()).toBe(200);
  await settingsContext.close();

  const memberContext: BrowserContext = await browser.newContext();
  const member = await memberContext.newPage();
  const pat = await diner.signIn(memberContext, { username: 'promoted_pat' });

  // Ranks, announced: the stand-in's channel receives one announcement naming Pat's new rank.
  await signInWithDemoButton(page, 'Morgan Manager', `/users/${pat.id}/manage`);
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.locator('#rank-announce-help')).toContainText(
    'posts the change to the Discord channel set in Site Settings',
  );
  await page.getByRole('group', { name: 'Ranks to hold' }).getByLabel('Chef', { exact: true }).check();
  await page.getByLabel('Announce the change').check();
  await page.getByRole('button', { name: 'Save ranks' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Ranks saved.');
  await expect
    .poll(() => discord!.messagesIn(CHANNEL).map((m) => m.content), { timeout: 10_000 })
    .toEqual([`🎉 <@${pat.id}> is now **Chef**.`]);

  // A warning: listed newest first with who gave it, and Pat is told.
  await page.goto(`/users/${pat.id}/manage`);
  const warnings = page.getByTestId('manage-warnings');
  await expect(warnings).toContainText('No warnings.');
  await warnings.getByRole('button', { name: 'Add warning' }).click();
  await expect(warnings.getByRole('alert')).toHaveText('Write why the user is warned.');
  await warnings.getByLabel('New warning').fill('Served the soup cold, twice.');
  await warnings.getByRole('button', { name: 'Add warning' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Warning added. The user is told.');
  await expect(warnings.getByRole('listitem')).toHaveCount(1);
  await expect(warnings.getByRole('listitem').first()).toContainText('Served the soup cold, twice.');
  await expect(warnings.getByRole('listitem').first()).toContainText('by Morgan Manager');

  // The order blacklist: set with a reason, shown with who and why.
  const blacklist = page.getByTestId('manage-blacklist');
  await expect(blacklist.getByTestId('blacklist-state')).toContainText('Not blacklisted');
  await blacklist.getByLabel('Why they are blacklisted').fill('Ordered 40 pizzas to a stranger.');
  await blacklist.getByRole('button', { name: 'Blacklist' }).click();
  await expect(page.getByTestId('toast')).toHaveText('User blacklisted from ordering.');
  await expect(blacklist.getByTestId('blacklist-state')).toContainText('Blacklisted This user may not order.');
  await expect(blacklist.getByTestId('blacklist-state')).toContainText('Reason: Ordered 40 pizzas to a stranger.');
  await expect(blacklist.getByTestId('blacklist-state')).toContainText('by Morgan Manager');
  await expect(blacklist.getByRole('button', { name: 'Lift blacklist' })).toBeVisible();
  await checkState(page);

  await expect
    .poll(() => noticesSeenBy(member, 'You received a warning: Served the soup cold, twice.'), { timeout: 10_000 })
    .toBe(1);

  // A silent unban: Pat is not told. One that is not silent: Pat is told once, on the site and by DM.
  const ban = () =>
    page.request.post(`/api/client/admin/users/${pat.id}/ban`, {
      data: { reason: 'Cooling off', expires: null },
      headers: origin,
    });
  expect((await ban()).status()).toBe(200);
  await page.goto(`/staff/admin/users/${pat.id}/ban`);
  await expect(page.getByTestId('current-ban')).toContainText('Cooling off');
  await page.getByLabel('Lift silently (do not tell the user)').check();
  await page.getByRole('button', { name: 'Lift ban' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Ban lifted.');
  expect((await ban()).status()).toBe(200);
  await page.goto(`/staff/admin/users/${pat.id}/ban`);
  await expect(page.getByText('Otherwise the user gets a notice, and a Discord DM when the bot runs.')).toBeVisible();
  await checkState(page);
  await page.getByRole('button', { name: 'Lift ban' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Ban lifted.');
  await expect.poll(() => noticesSeenBy(member, 'Your ban has been lifted.'), { timeout: 10_000 }).toBe(1);
  await expect
    .poll(() => discord!.dmsTo(pat.id).filter((m) => m.content.startsWith('Your ban has been lifted.')).length, {
      timeout: 10_000,
    })
    .toBe(1);
  // Told once: the silent lift added nothing (the notice of the lift that was not silent is the only one).
  expect(await noticesSeenBy(member, 'Your ban has been lifted.')).toBe(1);
  await memberContext.close();

  // The audit log lists each of these writes about Pat.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInWithDemoButton(owner, 'Sam Owner', `/staff/admin/site-management/audit-log?target=${pat.id}`);
  await expect(owner.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const actions = await owner
    .locator('.audit-entry')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-audit-action')));
  expect(actions).toEqual([
    'user.ban.remove',
    'user.ban',
    'user.ban.remove',
    'user.ban',
    'user.blacklist',
    'user.warn',
    'user.ranks.update',
  ]);
  // The two lifts, newest first: the one that told Pat, then the silent one.
  const lifts = owner.locator('.audit-entry[data-audit-action="user.ban.remove"]');
  await expect(lifts.nth(0).getByRole('row', { name: /User told/ })).toContainText('yes');
  await expect(lifts.nth(1).getByRole('row', { name: /User told/ })).toContainText('no');
  await expect(owner.locator('.audit-entry', { hasText: 'Warned a user' })).toContainText(
    'Served the soup cold, twice.',
  );
  await expect(owner.locator('.audit-entry', { hasText: 'Changed the order blacklist' })).toContainText(
    'Ordered 40 pizzas to a stranger.',
  );
  await expect(owner.locator('.audit-entry', { hasText: 'Changed ranks' })).toContainText('Chef');
  await ownerContext.close();
});

test('a manager lifts an order blacklist on the manage screen, with a reason the user may read', async ({
  page,
  browser,
  diner,
}) => {
  const scratch = await browser.newContext();
  const lee = await diner.signIn(scratch, { username: 'listed_lee' });
  await scratch.close();

  await signInWithDemoButton(page, 'Morgan Manager', `/users/${lee.id}/manage`);
  const listed = await page.request.post(`/api/client/admin/blacklist/${lee.id}`, {
    data: { data: { active: true, reason: 'Ordered 12 cakes to the wrong server.' } },
    headers: { origin: diner.url },
  });
  expect(listed.status()).toBe(200);
  await page.reload();
  const blacklist = page.getByTestId('manage-blacklist');
  await expect(blacklist.getByTestId('blacklist-state')).toContainText('Blacklisted This user may not order.');
  await blacklist.getByLabel('Why it is lifted (optional)').fill('Apologised to the bakers.');
  await blacklist.getByRole('button', { name: 'Lift blacklist' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Blacklist lifted.');
  await expect(blacklist.getByTestId('blacklist-state')).toContainText('Not blacklisted This user may order.');
  await expect(blacklist.getByTestId('blacklist-state')).toContainText('Reason: Apologised to the bakers.');
  await expect(blacklist.getByRole('button', { name: 'Blacklist', exact: true })).toBeVisible();
});
