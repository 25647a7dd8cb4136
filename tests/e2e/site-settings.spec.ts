import type { Page } from '@playwright/test';
import type { Services } from '../../plugins/index.ts';
import { callsTo, checkState, type Diner, expect, test } from './fixtures.ts';

const ANNOUNCE = '/staff/admin/site-management/announcement';
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const settingsOf = (diner: Diner) => (diner.app.server.ctx.services as Services).settings;

test('a settings manager changes the hourly reward and teams on the General tab, keeps them after a reload, and is told what is wrong with a bad value before any call', async ({
  page,
  context,
  diner,
}) => {
  const settings = settingsOf(diner);
  const before = await settings.getAll();
  try {
    await diner.signIn(context, {
      username: 'sally_general',
      permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'],
    });
    await page.goto('/staff/dashboard');
    await page.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Site Settings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site Settings');
    const tabs = page.getByRole('navigation', { name: 'Settings' });
    await expect(tabs.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Store' })).not.toHaveAttribute('aria-current', /.*/);
    for (const box of ['Features', 'Festive mode', 'Kitchen', 'Appeals', 'Rewards', 'Discord', 'Announcement']) {
      await expect(page.getByRole('heading', { name: box, level: 2 })).toBeVisible();
    }
    await expect(
      page.getByTestId('settings-announcement').getByRole('link', { name: 'Edit on the Announce page' }),
    ).toHaveAttribute('href', ANNOUNCE);

    const hourly = page.getByRole('form', { name: 'Hourly reward' });
    await expect(hourly.getByLabel('Hourly reward')).toHaveValue(String(before.hourlyReward));
    await expect(hourly.getByLabel('Hourly reward')).toHaveAttribute('max', '100000');
    await hourly.getByLabel('Hourly reward').fill('75');
    await hourly.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Hourly reward saved.')).toBeVisible();

    const teams = page.getByRole('form', { name: 'Teams' });
    await teams.getByRole('switch', { name: 'Teams' }).setChecked(!before.teamsEnabled);
    await teams.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Teams saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('form', { name: 'Hourly reward' }).getByLabel('Hourly reward')).toHaveValue('75');
    await expect(page.getByRole('switch', { name: 'Teams' })).toBeChecked({ checked: !before.teamsEnabled });
    expect(await settings.get('hourlyReward')).toBe(75);

    // Refused by the setting's own schema before any call: the server's message beside the control, the control
    // marked, nothing sent nor written.
    const settingCalls = callsTo(page, /^\/api\/client\/settings\//);
    const reward = page.getByRole('form', { name: 'Hourly reward' });
    await reward.getByLabel('Hourly reward').fill('0');
    await reward.getByRole('button', { name: 'Save' }).click();
    await expect(reward.getByRole('alert')).toHaveText('Invalid body.val: Too small: expected number to be >=1');
    // Marked invalid as a screen reader reads it ("" reads as false), and described by the message.
    await expect(reward.getByLabel('Hourly reward')).toHaveAttribute('aria-invalid', 'true');
    await expect(reward.getByLabel('Hourly reward')).toHaveAccessibleDescription(
      /Too small: expected number to be >=1/,
    );
    const channel = page.getByRole('form', { name: 'Rank announcement channel' });
    await channel.getByLabel('Rank announcement channel ID').fill('general');
    await channel.getByRole('button', { name: 'Save' }).click();
    await expect(channel.getByRole('alert')).toHaveText('Channel ID is not a Discord channel ID');
    await expect(channel.getByLabel('Rank announcement channel ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(channel.getByLabel('Rank announcement channel ID')).toHaveAccessibleDescription(
      /Channel ID is not a Discord channel ID/,
    );
    expect(settingCalls).toEqual([]);
    await checkState(page);
    expect(await settings.get('hourlyReward')).toBe(75);
    expect(await settings.get('rankAnnouncementChannel')).toBe(before.rankAnnouncementChannel);
    // Put right, the message goes.
    await reward.getByLabel('Hourly reward').fill('80');
    await reward.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Hourly reward saved.')).toBeVisible();
    await expect(reward.getByRole('alert')).toHaveText('');
    await expect(reward.getByLabel('Hourly reward')).not.toHaveAttribute('aria-invalid', /.*/);

    // The audit log names each change by the setting's name.
    await page.goto('/staff/admin/site-management/audit-log?action=settings.update');
    const hourlyEntry = page
      .locator('.audit-entry', { has: page.locator('[data-audit-target]', { hasText: 'Hourly reward' }) })
      .first();
    await expect(hourlyEntry).toContainText('sally_general');
    await expect(hourlyEntry.getByRole('row', { name: /Value/ })).toContainText(/75\s*80/);
    const teamsEntry = page
      .locator('.audit-entry', { has: page.locator('[data-audit-target]', { hasText: /^Teams$/ }) })
      .first();
    await expect(teamsEntry.getByRole('row', { name: /Value/ })).toContainText(
      before.teamsEnabled ? /yes\s*no/ : /no\s*yes/,
    );
  } finally {
    await settings.set('hourlyReward', before.hourlyReward, null);
    await settings.set('teamsEnabled', before.teamsEnabled, null);
  }
});

test('a settings manager closes the kitchen with a reason, sets the festive countdown and a sponsor reward: each form saves its own setting', async ({
  page,
  context,
  diner,
}) => {
  const settings = settingsOf(diner);
  const before = await settings.getAll();
  try {
    await diner.signIn(context, { username: 'sally_forms', permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'] });
    await page.goto('/staff/admin/settings');

    const kitchen = page.getByRole('form', { name: 'Kitchen' });
    await kitchen.getByRole('switch', { name: 'Kitchen open: the bot takes orders' }).setChecked(false);
    await kitchen.getByLabel('Reason it is closed').fill('  Deep cleaning  ');
    await kitchen.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Kitchen saved.')).toBeVisible();
    expect(await settings.get('kitchen')).toEqual({ open: false, reason: 'Deep cleaning' });

    const festive = page.getByRole('form', { name: 'Festive mode' });
    await festive.getByRole('switch', { name: 'Snow and countdown on every page' }).setChecked(true);
    await festive.getByLabel('Count down to (UTC)').fill('2030-12-25T00:00');
    await festive.getByLabel('Countdown label').fill('Christmas 2030');
    // Enter sends the form, as a form does.
    await festive.getByLabel('Countdown label').press('Enter');
    await expect(toast(page, 'Festive mode saved.')).toBeVisible();
    expect(await settings.get('festiveMode')).toEqual({
      enabled: true,
      countdownTo: '2030-12-25T00:00:00.000Z',
      countdownLabel: 'Christmas 2030',
    });

    const sponsor = page.getByRole('form', { name: 'Sponsor reward' });
    await sponsor.getByLabel('Sponsor reward').fill('1234');
    await sponsor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Sponsor reward saved.')).toBeVisible();
    expect(await settings.get('sponsorReward')).toBe(1234);
    // Another form's value is not sent with it: the kitchen is still as saved.
    expect(await settings.get('kitchen')).toEqual({ open: false, reason: 'Deep cleaning' });
  } finally {
    await settings.set('kitchen', before.kitchen, null);
    await settings.set('festiveMode', before.festiveMode, null);
    await settings.set('sponsorReward', before.sponsorReward, null);
  }
});

test('a manager with MANAGE_ANNOUNCEMENT writes the announcement in markdown with a live preview and the counter; every page shows the banner', async ({
  browser,
  page,
  context,
  diner,
}) => {
  const settings = settingsOf(diner);
  const before = await settings.get('currentAnnouncement');
  try {
    // From a known start, whatever earlier journeys on this worker's server left: the audit entry below then shows
    // the type changing (an entry lists only what changed; a Warning left by another journey made it flaky).
    await settings.set('currentAnnouncement', { enabled: false, type: 'is-info', content: '' }, null);
    await diner.signIn(context, {
      username: 'andy_announcer',
      permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_ANNOUNCEMENT'],
    });
    await page.goto('/staff/dashboard');
    await page.getByRole('complementary', { name: 'Staff' }).getByRole('link', { name: 'Announce' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Announce');

    const content = page.getByLabel('Text');
    const preview = page.getByTestId('announcement-preview');
    const counter = page.locator('[data-announcement-count]');
    const save = page.getByRole('button', { name: 'Save the announcement' });
    await page.getByRole('switch', { name: 'Show the banner on every page' }).setChecked(true);
    await page.getByRole('radio', { name: 'Warning' }).check();
    await content.fill('');
    await expect(preview).toHaveText('Announcement could not be fetched');
    await expect(counter).toHaveText('0 / 2,000');

    // The counter warns near the limit and blocks saving above it.
    await content.fill('x'.repeat(1850));
    await expect(counter).toHaveText('1,850 / 2,000');
    await expect(counter).toHaveAttribute('data-state', 'near');
    await expect(save).toBeEnabled();
    await content.fill('x'.repeat(2001));
    await expect(counter).toHaveAttribute('data-state', 'over');
    await expect(save).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveText('Too long: at most 2,000 characters.');
    await expect(content).toHaveAttribute('aria-invalid', 'true');
    await expect(content).toHaveAccessibleDescription(/Too long: at most 2,000 characters\./);

    const markdown = '**Free fries** all day, see [the menu](https://example.com/menu)';
    const html = '<strong>Free fries</strong> all day, see <a href="https://example.com/menu">the menu</a>';
    await content.fill(markdown);
    await expect(counter).toHaveText(`${markdown.length} / 2,000`);
    await expect(counter).toHaveAttribute('data-state', 'ok');
    await expect(content).not.toHaveAttribute('aria-invalid', /.*/);
    await expect(preview).toHaveClass(/is-warning/);
    expect(await preview.innerHTML()).toBe(html);
    await checkState(page);
    await save.click();
    await expect(toast(page, 'Announcement saved: the banner is on every page.')).toBeVisible();
    expect(await settings.get('currentAnnouncement')).toEqual({ enabled: true, type: 'is-warning', content: markdown });

    // The banner, a no-store server island: the same HTML on the home page and a staff page.
    for (const path of ['/', '/staff/dashboard']) {
      await page.goto(path);
      const banner = page.getByTestId('announcement');
      await expect(banner).toHaveClass(/is-warning/);
      await expect(banner.getByRole('link', { name: 'the menu' })).toBeVisible();
      expect((await banner.innerHTML()).trim(), path).toBe(html);
    }

    // A settings manager reads the change in the audit log.
    const auditContext = await browser.newContext();
    await diner.signIn(auditContext, {
      username: 'sam_audits',
      permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'],
    });
    const audit = await auditContext.newPage();
    await audit.goto('/staff/admin/site-management/audit-log?target=currentAnnouncement');
    const entry = audit.locator('.audit-entry').first();
    await expect(entry.locator('[data-audit-target]')).toHaveText('Announcement');
    await expect(entry.locator('[data-audit-actor]')).toHaveText('andy_announcer');
    await expect(entry.getByRole('row', { name: /Type/ })).toContainText('Warning');
    await expect(entry.getByRole('row', { name: /Content/ })).toContainText(markdown);
    await auditContext.close();
  } finally {
    await settings.set('currentAnnouncement', before, null);
  }
});

test('Announce opens with MANAGE_ANNOUNCEMENT alone or MANAGE_SETTINGS alone, not with neither', async ({
  browser,
  diner,
}) => {
  for (const [permissions, opens] of [
    [['MANAGE_ANNOUNCEMENT'], true],
    [['MANAGE_SETTINGS'], true],
    [['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'], false],
  ] as const) {
    const context = await browser.newContext();
    await diner.signIn(context, { permissions: [...permissions] });
    const page = await context.newPage();
    await page.goto(ANNOUNCE);
    if (opens) {
      await expect(page.getByRole('heading', { level: 1 }), permissions.join()).toHaveText('Announce');
    } else {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('toast')).toHaveText(
        'An error occurred: You have insufficient permissions to view that page.',
      );
    }
    await context.close();
  }
});

test('Site Settings shows the last backup, its size and the schedule', async ({ page, context, diner }) => {
  await diner.signIn(context, { username: 'sally_backups', permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'] });
  const runner = diner.app.server.backups;
  if (!runner) throw new Error('The diner of the browser tests has its embedded database in a folder: it backs up');
  await page.goto('/staff/admin/settings');
  const box = page.getByRole('region', { name: 'Backups' });
  await expect(box).toContainText('The site backs itself up daily and keeps the newest 7.');
  const before = await runner.last();
  if (!before) await expect(box).toContainText('No backup yet.');

  const taken = await runner.run('the browser test');
  await page.reload();
  const name = taken.file.split('/').at(-1) ?? '';
  await expect(box.getByText(/^Last backup: /)).toContainText(name);
  await expect(box.getByText(/^Last backup: /)).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d UTC, \d+(\.\d)? [KM]B/);
});

test('a settings manager who reads German saves a setting in German, and the Announce page speaks German too', async ({
  browser,
  diner,
}) => {
  const settings = settingsOf(diner);
  const before = await settings.getAll();
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    await diner.signIn(context, {
      username: 'sabine_settings',
      permissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_SETTINGS'],
    });
    const page = await context.newPage();
    await page.goto('/staff/admin/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website-Einstellungen');
    await expect(page.getByRole('link', { name: 'Allgemein' })).toHaveAttribute('aria-current', 'page');
    const sponsor = page.getByRole('form', { name: 'Sponsorbelohnung' });
    await expect(sponsor).toContainText('Münzen');
    await sponsor.getByLabel('Sponsorbelohnung').fill('4321');
    await sponsor.getByRole('button', { name: 'Speichern' }).click();
    await expect(toast(page, 'Sponsorbelohnung gespeichert.')).toBeVisible();
    expect(await settings.get('sponsorReward')).toBe(4321);
    await page.getByRole('link', { name: 'Auf der Seite Ankündigen bearbeiten' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ankündigen');
    await expect(page.getByRole('group', { name: 'Farbe' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ankündigung speichern' })).toBeVisible();
  } finally {
    await settings.set('sponsorReward', before.sponsorReward, null);
    await context.close();
  }
});
