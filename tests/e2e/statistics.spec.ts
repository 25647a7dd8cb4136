import { readFile } from 'node:fs/promises';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import { checkState, expect, expectAccessible, test } from './fixtures.ts';

/** Morgan Manager (plugins/users/seed.ts): Manager rank, so VIEW_MANAGEMENT_STATISTICS; the statistics seed gives a month of work. */
const MORGAN = '1100000000000000004';

test('a director opens Management statistics, sees the charts and the table, and downloads the CSV', async ({
  page,
  diner,
}) => {
  await diner.signIn(page.context(), { username: 'director_dee', rank: 'Director' });
  await page.goto('/staff/dashboard');
  // The sidebar leads there (the entry shows now that the page exists).
  const entry = page.locator('a[href="/staff/admin/management-statistics/management"]').first();
  await expect(entry).toBeAttached();
  await page.goto('/staff/admin/management-statistics/management?period=month');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Management Statistics');

  // A month of kitchen history: bars on the days, a line for the time to deliver, a bar per member.
  expect(await page.locator('svg[data-chart="kitchen-days"] rect').count()).toBeGreaterThan(20);
  await expect(page.locator('svg[data-chart="kitchen-trend"] path.vd-chart-line')).toHaveAttribute(
    'd',
    /^M[\d.]+,[\d.]+ L/,
  );
  await expect(page.locator('[data-chart="member-bars"]')).toContainText('Charlie Chef');
  // The table beside it: every member, sortable.
  const charlie = page.locator('tr[data-member="1100000000000000002"]');
  await expect(charlie.locator('td[data-label="Delivered"]')).not.toHaveText('0');
  await page.getByRole('link', { name: /^Member/ }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.locator('th[aria-sort]')).toContainText('Member');

  // The CSV is the table shown: same period, same order.
  const download = page.waitForEvent('download');
  await page.getByTestId('csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^management-statistics-month-\d{4}-\d{2}-01\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Member,User ID,Period,From,Until,Source,Claimed,Prepared,Delivered/);
  const names = lines.slice(1).map((line) => line.split(',')[0]);
  expect(names).toContain('Charlie Chef');
  expect(names).toEqual([...names].sort((a, b) => a!.toLowerCase().localeCompare(b!.toLowerCase())));

  // Last week is closed: its records are the stored snapshots, and a director may delete one (asked first).
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/staff/admin/management-statistics/management?period=week&date=${lastWeek}`);
  await expect(page.getByText('Stored when the week ended: orders deleted since do not change it.')).toBeVisible();
  const stored = page.locator('tr[data-member="1100000000000000002"]');
  const remove = stored.getByRole('button', { name: "Delete Charlie Chef's record" });
  await expect(remove).toBeVisible();
  await checkState(page);
  page.once('dialog', (dialog) => dialog.accept());
  await remove.click();
  await expect(page.getByTestId('toast')).toHaveText("Deleted Charlie Chef's stored record.");
  await expect(stored).toHaveCount(0);
  expect(
    await diner.app.server.ctx.orm.em
      .fork()
      .count(AuditEntrySchema, { action: 'statistics.delete', targetId: '1100000000000000002' }),
  ).toBe(1);
});

test('a manager sees My Performance: their figures, their month as charts, their stored weeks', async ({
  page,
  diner,
}) => {
  await diner.signInAs(page.context(), MORGAN);
  await page.goto('/staff/admin/management-statistics?period=month');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Performance');
  const figures = page.getByTestId('figures');
  await expect(figures).toContainText('Prepared');
  await expect(figures).toContainText('Days on leave');
  expect(await page.locator('svg[data-chart="my-days"] rect').count()).toBeGreaterThan(5);
  await expect(page.getByTestId('my-weeks').locator('tbody tr').first()).toBeVisible();
  // Not the manager's screen: Morgan lacks MANAGE_MANAGEMENT_STATISTICS.
  await expect(page.locator('a[href="/staff/admin/management-statistics/management"]')).toHaveCount(0);

  // A manager's own month, which no page load of pages.spec.ts shows (its super admin has no history).
  await checkState(page);

  const answer = await page.request.get('/staff/admin/management-statistics/export.csv');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('text/csv');
  expect((await answer.text()).split('\r\n')[0]).toBe('Day,Prepared,Delivered,Reported,Ready to delivered (s)');
  const refused = await page.request.get('/staff/admin/management-statistics/management/export.csv', {
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
});

test('My weeks on a phone are cards with nothing off screen, and the Management table fits its box at 1280 px', async ({
  page,
  diner,
}) => {
  await diner.signInAs(page.context(), MORGAN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/admin/management-statistics?period=month');
  const weeks = page.getByTestId('my-weeks');
  await expect(weeks.locator('tbody tr').first()).toBeVisible();
  // Every figure of every week is on screen, labelled by its column: no box to scroll sideways.
  for (const cell of await weeks.locator('tbody tr').first().locator('td').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(weeks.locator('tbody tr').first().locator('td[data-label="Delivered"]')).toBeVisible();
  // axe at the phone's width, in both schemes (scrollable-region-focusable among its rules).
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // Management's eleven figures fit a laptop's screen beside the sidebar.
  await diner.signIn(page.context(), { username: 'director_fit', rank: 'Director' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/staff/admin/management-statistics/management?period=week&date=${lastWeek}`);
  const table = page.locator('table.data-list');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const { tableWidth, boxWidth } = await table.evaluate((t: HTMLElement) => ({
    tableWidth: t.offsetWidth,
    boxWidth: t.parentElement!.clientWidth,
  }));
  expect(tableWidth, 'the figures table is wider than its box').toBeLessThanOrEqual(boxWidth);
});

test('the member chart on a phone shows every name whole, in type a phone can read', async ({ page, diner }) => {
  await diner.signIn(page.context(), { username: 'director_phone', rank: 'Director' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/admin/management-statistics/management?period=month');
  const chart = page.locator('[data-chart="member-bars"]');
  const chartBox = (await chart.boundingBox())!;
  for (const name of ['Morgan Manager', 'Charlie Chef', 'Dana Driver']) {
    const label = chart.getByText(name, { exact: true });
    const box = (await label.boundingBox())!;
    expect(box.x, `${name} starts inside the chart`).toBeGreaterThanOrEqual(chartBox.x);
    expect(box.x + box.width, `${name} ends inside the chart`).toBeLessThanOrEqual(chartBox.x + chartBox.width + 0.5);
    // The size the eye gets: an SVG's text is scaled with its drawing.
    const size = await label.evaluate(
      (el) =>
        Number.parseFloat(getComputedStyle(el).fontSize) *
        (el instanceof SVGGraphicsElement ? el.getScreenCTM()!.a : 1),
    );
    expect(size, `${name} in ${size.toFixed(1)} px type`).toBeGreaterThanOrEqual(14);
  }
  // The figures beside each name are as readable (whatever this month's figures are on the day the test runs).
  const value = chart.locator('.vd-member-bar').first();
  await expect(value).toHaveText(/^\d+$/);
  expect(
    await value.evaluate(
      (el) =>
        Number.parseFloat(getComputedStyle(el).fontSize) *
        (el instanceof SVGGraphicsElement ? el.getScreenCTM()!.a : 1),
    ),
  ).toBeGreaterThanOrEqual(14);
});

test('every chart, on a phone and a laptop, keeps its labels whole, apart and in type one can read', async ({
  page,
  diner,
}) => {
  await diner.signIn(page.context(), { username: 'director_axes', rank: 'Director' });
  const problems: string[] = [];
  for (const [width, path] of [390, 1280].flatMap((w) =>
    [
      '/staff/admin/management-statistics?period=month',
      '/staff/admin/management-statistics/management?period=month',
      '/staff/admin/management-statistics/management?period=week',
    ].map((path) => [w, path] as const),
  )) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(path);
    await expect(page.locator('svg[data-chart]').first()).toBeVisible();
    const found = await page.locator('svg[data-chart]').evaluateAll((charts) =>
      charts.flatMap((chart) => {
        const frame = chart.getBoundingClientRect();
        const labels = [...chart.querySelectorAll<SVGTextElement>('text')]
          .filter((text) => text.checkVisibility())
          .map((text) => ({
            text: text.textContent ?? '',
            box: text.getBoundingClientRect(),
            // The size the eye gets: an SVG's text is scaled with its drawing.
            size: Number.parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM()!.a,
          }));
        const where = `${chart.getAttribute('data-chart')}: "`;
        return labels.flatMap((label, i) => [
          ...(label.size < 12 ? [`${where}${label.text}" in ${label.size.toFixed(1)} px type`] : []),
          ...(label.box.left < frame.left - 0.5 ||
          label.box.right > frame.right + 0.5 ||
          label.box.top < frame.top - 0.5 ||
          label.box.bottom > frame.bottom + 0.5
            ? [`${where}${label.text}" cut at the chart's edge`]
            : []),
          ...labels
            .slice(i + 1)
            .filter(
              (other) =>
                label.box.left < other.box.right &&
                other.box.left < label.box.right &&
                label.box.top < other.box.bottom &&
                other.box.top < label.box.bottom,
            )
            .map((other) => `${where}${label.text}" over "${other.text}"`),
        ]);
      }),
    );
    problems.push(...found.map((problem) => `${path} at ${width} px: ${problem}`));
  }
  expect(problems).toEqual([]);
});

test('a director who reads German reads the statistics in German: the figures, the charts and the period picker', async ({
  browser,
  diner,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  await diner.signIn(context, { username: 'director_dora', rank: 'Director' });
  const page = await context.newPage();
  await page.goto('/staff/admin/management-statistics/management?period=week');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verwaltungsstatistik');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(/^Woche vom /);
  await expect(page.getByRole('link', { name: 'Diese Tabelle herunterladen (CSV)' })).toBeVisible();
  await expect(
    page.locator('figcaption', { hasText: 'Gelieferte Bestellungen pro Tag, letzte 30 Tage' }),
  ).toBeVisible();
  await page.getByLabel('Zeitraum', { exact: true }).selectOption('month');
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  await expect(page).toHaveURL(/period=month/);
  await page.goto('/staff/admin/management-statistics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Leistung');
  await expect(page.getByTestId('figures')).toContainText('Urlaubstage');
  await context.close();
});
