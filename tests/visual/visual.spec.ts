import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { hydrated, settled, test } from '../e2e/fixtures.ts';
import { ALL_PAGES, CHARLIE_CHEF, type Role, VIEWERS, viewerRoleOf } from '../e2e/pages.ts';

/**
 * `npm run test:visual`: every page, as the least privileged role that may open it (the demo user pages.spec.ts views
 * it as), at 1280 and 390 px in the light and the dark scheme, written to test-results/visual/ with one contact sheet
 * (index.html: page × width × scheme) to open in a browser. Screenshots are for people to look at whenever a screen changes: they assert nothing.
 */
const OUT = path.resolve('test-results/visual');
const WIDTHS = [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const;
const SCHEMES = ['light', 'dark'] as const;

const slugOf = (page: string) => page.replace(/^\//, '').replaceAll('/', '-') || 'home';

test.beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
});

for (const pagePath of ALL_PAGES) {
  const role = viewerRoleOf(pagePath);
  test(`${pagePath} as ${role}`, async ({ browser, diner }) => {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({ colorScheme: scheme });
      if (role !== 'anonymous') await diner.signInAs(context, VIEWERS[role]);
      const page = await context.newPage();
      for (const [label, width, height] of WIDTHS) {
        await page.setViewportSize({ width, height });
        await page.goto(pagePath);
        // The islands hydrated: the picture shows the controls enabled, as the user gets them.
        await hydrated(page);
        await settled(page);
        await page.screenshot({ path: path.join(OUT, `${slugOf(pagePath)}--${label}--${scheme}.png`), fullPage: true });
      }
      await context.close();
    }
  });
}

/** Screens no page load shows (a menu open), each opened by its own steps at its own width, in both schemes. */
interface State {
  name: string;
  role: Role;
  path: string;
  viewport: { width: number; height: number };
  open(page: Page): Promise<void>;
}
const STATES: State[] = [
  {
    // Phone only: the desktop width would close the burger menu.
    name: 'the account menu inside the phone burger menu',
    role: 'chef',
    path: `/users/${CHARLIE_CHEF}`,
    viewport: { width: 390, height: 844 },
    async open(page) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('user-menu').locator('summary').click();
      await page.getByTestId('user-menu').getByRole('link', { name: 'My Profile' }).waitFor();
    },
  },
];
const stateShot = (state: State, scheme: string) => `state-${state.name.replaceAll(' ', '-')}--${scheme}.png`;

for (const state of STATES) {
  test(`state: ${state.name}`, async ({ browser, diner }) => {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({ colorScheme: scheme, viewport: state.viewport });
      if (state.role !== 'anonymous') await diner.signInAs(context, VIEWERS[state.role]);
      const page = await context.newPage();
      await page.goto(state.path);
      await hydrated(page);
      await state.open(page);
      await settled(page);
      await page.screenshot({ path: path.join(OUT, stateShot(state, scheme)), fullPage: true });
      await context.close();
    }
  });
}

test.afterAll(async () => {
  const shots = new Set(await readdir(OUT));
  const cell = (file: string) =>
    shots.has(file) ? `<a href="${file}"><img src="${file}" loading="lazy" alt="${file}"></a>` : '<span>missing</span>';
  const rows = ALL_PAGES.map((pagePath) => {
    const slug = slugOf(pagePath);
    const cells = WIDTHS.flatMap(([label]) =>
      SCHEMES.map((scheme) => `<td>${cell(`${slug}--${label}--${scheme}.png`)}</td>`),
    );
    return `<tr><th scope="row">${pagePath}</th>${cells.join('')}</tr>`;
  });
  const head = WIDTHS.flatMap(([label, width]) =>
    SCHEMES.map((scheme) => `<th scope="col">${label} ${width} px, ${scheme}</th>`),
  ).join('');
  const stateRows = STATES.map(
    (state) =>
      `<tr><th scope="row">${state.name} (${state.path}, ${state.viewport.width} px)</th>${SCHEMES.map((scheme) => `<td>${cell(stateShot(state, scheme))}</td>`).join('')}</tr>`,
  );
  await writeFile(
    path.join(OUT, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Virtual Diner: every page</title>
<style>body{font-family:system-ui;margin:1rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px;vertical-align:top}
th[scope=row]{text-align:left;white-space:nowrap}img{width:220px;height:auto;display:block}</style>
<h1>Every page × width × scheme</h1><p>Written by <code>npm run test:visual</code> on ${new Date().toISOString()}.</p>
<table><thead><tr><th>page</th>${head}</tr></thead><tbody>${rows.join('\n')}</tbody></table>
<h2>States no page load shows</h2>
<table><thead><tr><th>state</th>${SCHEMES.map((scheme) => `<th scope="col">${scheme}</th>`).join('')}</tr></thead><tbody>${stateRows.join('\n')}</tbody></table></html>\n`,
  );
});
