import { expect, test } from './fixtures.ts';
import { CHARLIE_CHEF } from './pages.ts';

test('the leaderboard shows the top chefs, drivers and customers per period, without JavaScript of its own', async ({
  page,
}) => {
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leaderboard');
  const period = page.getByRole('navigation', { name: 'Period' });
  await expect(period.getByRole('link', { name: 'This week' })).toHaveAttribute('aria-current', 'page');
  // The demo data delivered a week of orders: Charlie, Morgan and Sam cooked them, Dana and Charlie drove them.
  const chefs = page.getByRole('region', { name: 'Top chefs' });
  await expect(chefs.getByRole('listitem')).not.toHaveCount(0);
  await expect(chefs).toContainText('Charlie Chef');
  await expect(page.getByRole('region', { name: 'Top drivers' })).toContainText('Dana Driver');
  await expect(page.getByRole('region', { name: 'Top customers' }).getByRole('listitem')).not.toHaveCount(0);
  // Ranked by count: each list is in descending order.
  for (const name of ['Top chefs', 'Top drivers', 'Top customers']) {
    const counts = (await page.getByRole('region', { name }).locator('.leaderboard-count').allInnerTexts()).map((t) =>
      Number.parseInt(t.replace(/\D/g, ''), 10),
    );
    expect(counts, name).toEqual([...counts].sort((a, b) => b - a));
  }

  await period.getByRole('link', { name: 'All time' }).click();
  await expect(page).toHaveURL(/\/leaderboard\?period=all$/);
  await expect(period.getByRole('link', { name: 'All time' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/leaderboard?period=nonsense');
  await expect(period.getByRole('link', { name: 'This week' })).toHaveAttribute('aria-current', 'page');
});

test('every leaderboard figure says what it counts', async ({ page }) => {
  await page.goto('/leaderboard?period=all');
  for (const [name, unit] of [
    ['Top chefs', 'prepared'],
    ['Top drivers', 'delivered'],
    ['Top customers', 'placed'],
    ['Top teams', 'delivered'],
  ] as const) {
    const counts = page.getByRole('region', { name }).locator('.leaderboard-count');
    await expect(counts).not.toHaveCount(0);
    for (const text of await counts.allInnerTexts())
      expect(text.replace(/\s+/g, ' ').trim(), name).toMatch(new RegExp(`^[\\d,]+ orders? ${unit}$`));
  }
});

test('on a phone a long name is shown whole, over two lines, above its figure', async ({ page, diner }) => {
  // Charlie renames himself, as from Edit Profile: the leaderboard shows the new name at once.
  const { token } = await diner.app.server.ctx.sessions.create(CHARLIE_CHEF);
  const rename = (displayName: string | null) =>
    page.request.patch(`/api/client/users/${CHARLIE_CHEF}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { displayName },
    });
  expect((await rename('Charlemagne Bartholomew Chefsson')).status()).toBe(200);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/leaderboard?period=all');
    const name = page
      .getByRole('region', { name: 'Top chefs' })
      .getByRole('link', { name: 'Charlemagne Bartholomew Chefsson' });
    await expect(name).toBeVisible();
    // Nothing of it is cut: the box holds all of its text.
    const clipped = await name.evaluate(
      (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    );
    expect(clipped).toBe(false);
  } finally {
    expect((await rename('Charlie Chef')).status()).toBe(200);
  }
});

test('the leaderboard in German: periods, boards, and figures counted by German plural rules', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/leaderboard?period=all');
  await expect(page).toHaveTitle('Bestenliste | Virtual Diner');
  const period = page.getByRole('navigation', { name: 'Zeitraum' });
  await expect(period.getByRole('link', { name: 'Gesamt' })).toHaveAttribute('aria-current', 'page');
  const counts = page.getByRole('region', { name: 'Top-Köche' }).locator('.leaderboard-count');
  await expect(counts).not.toHaveCount(0);
  for (const text of await counts.allInnerTexts()) {
    const [, figure, words] = /^([\d.]+) (.+)$/.exec(text.replace(/\s+/g, ' ').trim()) ?? [];
    expect(words).toBe(figure === '1' ? 'Bestellung zubereitet' : 'Bestellungen zubereitet');
  }
  await expect(page.getByText(/^Aktualisiert um \d\d:\d\d UTC, vor höchstens einer Minute\.$/)).toBeVisible();
  await context.close();
});
