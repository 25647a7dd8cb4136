import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { cumulativeLayoutShift } from '../layout-shift.ts';
import { appEnv, type BenchCase, budget, ROOT, round, startServer } from '../lib.ts';

/**
 * Issue 42's budgets for every public page, for an anonymous visitor: JS gzipped, CSS in brotli, no layout shift;
 * issue 43's for a staff page, React and its islands included.
 */
const TARGETS = { jsKbGz: 7, cssKbBr: 12, cls: 0, staffJsKbGz: 130 };
const PUBLIC_PAGES = [
  '/',
  '/team',
  '/privacy',
  '/invite',
  '/leaderboard',
  '/hourly',
  '/disable-your-adblocker',
  '/login',
  '/no-such-page',
];
/** The demo super admin (plugins/users seed): the staff pages are measured signed in as them. */
const DEMO_STAFF = '1100000000000000005';
/** Every staff and admin screen with a fixed path that hydrates islands, and the signed-in pages that do too. */
const STAFF_PAGES = [
  '/staff/dashboard',
  '/staff/orders',
  '/staff/food-lookup',
  '/staff/take-a-break',
  '/staff/achievements',
  '/staff/achievements/create',
  '/staff/delivery-messages/create',
  '/staff/admin/recruitment/create',
  '/staff/admin/teams',
  '/staff/admin/teams/create',
  '/staff/admin/rank-manager',
  '/staff/admin/rank-manager/create',
  '/staff/admin/on-leave-requests',
  '/staff/admin/on-leave-requests/create',
  '/staff/admin/online-users',
  '/staff/admin/management-statistics/management',
  '/staff/admin/site-management/announcement',
  '/staff/admin/settings',
  '/staff/admin/order-management',
  '/users/@me/manage',
  '/store',
  '/subscribe',
];
const IMMUTABLE = /max-age=31536000.*immutable|immutable.*max-age=31536000/;

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
/** As scripts/compress-assets.ts precompresses the site's assets. */
const br = (text: string | Buffer) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => round(bytes / 1024, 1);

interface Fetched {
  status: number;
  body: string;
  cacheControl: string | null;
}

/**
 * What each page costs a first-time visitor: every script it loads (module imports followed transitively; dynamic
 * imports listed apart as lazy, since they load only when a feature is on), its HTML, the server islands it
 * fetches, its CSS, each gzipped at level 9 as scripts/compress-assets.ts serves them. Also checks that every
 * hashed asset in dist/client/_astro is served with immutable caching.
 */
export const pageWeight: BenchCase = {
  name: 'page-weight',
  description: `JS (gzip), CSS (brotli), HTML and layout shift per page (budgets on every public page: JS ≤ ${TARGETS.jsKbGz} KB gz, CSS ≤ ${TARGETS.cssKbBr} KB brotli, CLS ${TARGETS.cls})`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
    const server = await startServer(appEnv(dataDir), { timeoutMs: 120_000 });
    try {
      const get = async (url: string, cookie?: string): Promise<Fetched> => {
        const response = await fetch(new URL(url, server.url), {
          headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
        });
        return {
          status: response.status,
          body: await response.text(),
          cacheControl: response.headers.get('cache-control'),
        };
      };
      const signIn = await fetch(`${server.url}/api/client/dev/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ userId: DEMO_STAFF }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');

      const assetHeaders = new Map<string, string | null>();
      const assetCache = new Map<string, Fetched>();
      const asset = async (url: string) => {
        let fetched = assetCache.get(url);
        if (!fetched) {
          fetched = await get(url);
          assetCache.set(url, fetched);
          assetHeaders.set(url, fetched.cacheControl);
        }
        return fetched;
      };

      /** A module and everything it imports statically; dynamic imports are collected apart. */
      const walkModules = async (entries: string[], base: string) => {
        const seen = new Set<string>();
        const lazy = new Set<string>();
        const queue = entries.map((e) => new URL(e, base).pathname);
        while (queue.length > 0) {
          const url = queue.shift()!;
          if (seen.has(url)) continue;
          seen.add(url);
          const { body } = await asset(url);
          for (const match of body.matchAll(
            /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]([^"'`]+\.m?js)["'`]/g,
          )) {
            queue.push(new URL(match[1]!, new URL(url, server.url)).pathname);
          }
          for (const match of body.matchAll(/\bimport\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g))
            lazy.add(new URL(match[1]!, new URL(url, server.url)).pathname);
        }
        // Vite's preload helper names lazy chunks in a list of dependencies rather than in import() itself.
        for (const url of seen) {
          for (const match of (await asset(url)).body.matchAll(/["'`](?:\.\/|\/_astro\/)([\w.-]+\.js)["'`]/g)) {
            const dep = new URL(match[1]!, new URL('/_astro/', server.url)).pathname;
            if (!seen.has(dep)) lazy.add(dep);
          }
        }
        for (const url of seen) lazy.delete(url);
        return { eager: [...seen], lazy: [...lazy] };
      };

      const measurePage = async (pagePath: string, signedIn: boolean) => {
        const page = await get(pagePath, signedIn ? cookie : undefined);
        const html = page.body;
        const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[1]!);
        const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
        const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
        const inlineImports = inline.flatMap((code) =>
          [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]([^"'`]+\.m?js)["'`]/g)].map((m) => m[1]!),
        );
        // An island's component and its framework's renderer load as it hydrates (client:load and client:idle at once).
        const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].flatMap((m) =>
          [...m[0].matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)].map((u) => u[1]!),
        );
        const { eager, lazy } = await walkModules(
          [...scripts, ...preloads, ...inlineImports, ...islands],
          `${server.url}${pagePath}`,
        );
        let jsBytes = 0;
        for (const url of eager) jsBytes += gz((await asset(url)).body);
        const inlineJs = inline.length ? gz(inline.join('\n')) : 0;
        // A lazy chunk brings its own imports: count those the page has not loaded already.
        const lazyClosure = (await walkModules(lazy, `${server.url}${pagePath}`)).eager.filter(
          (url) => !eager.includes(url),
        );
        let lazyBytes = 0;
        for (const url of lazyClosure) lazyBytes += gz((await asset(url)).body);
        // Server islands: fetched by the page on every view, HTML like the page itself.
        let islandBytes = 0;
        for (const match of html.matchAll(/fetch\("(\/_server-islands\/[^"]+)"/g)) {
          islandBytes += gz((await get(match[1]!, signedIn ? cookie : undefined)).body);
        }
        let cssBytes = 0;
        let cssBrBytes = 0;
        for (const match of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
          const css = (await asset(match[1]!)).body;
          cssBytes += gz(css);
          cssBrBytes += br(css);
        }
        // Inline styles travel in the HTML: counted there, and in the CSS too.
        const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('\n');
        if (inlineCss) cssBrBytes += br(inlineCss);
        const htmlBytes = gz(html);
        const js = jsBytes + inlineJs;
        return {
          page: signedIn ? `${pagePath} (signed in)` : pagePath,
          status: page.status,
          'JS files': eager.length,
          'JS KB gz': kb(js),
          'of which inline': kb(inlineJs),
          'lazy JS KB gz': kb(lazyBytes),
          'HTML KB gz': kb(htmlBytes),
          'islands KB gz': kb(islandBytes),
          'CSS KB gz': kb(cssBytes),
          'CSS KB br': kb(cssBrBytes),
          'HTML+CSS KB gz': kb(htmlBytes + islandBytes + cssBytes),
          CLS: '' as string | number,
          react: eager.some((url) => /client\.[\w-]+\.js$/.test(url)) ? 'yes' : 'no',
        };
      };

      const rows = [];
      for (const pagePath of PUBLIC_PAGES) rows.push(await measurePage(pagePath, false));
      for (const pagePath of STAFF_PAGES) rows.push(await measurePage(pagePath, true));

      // Every hashed asset of the build, not only those the pages above load.
      const hashed = (await readdir(path.join(ROOT, 'dist', 'client', '_astro'))).filter((f) => !/\.(br|gz)$/.test(f));
      const notImmutable: string[] = [];
      for (const file of hashed) {
        const url = `/_astro/${file}`;
        const response = await fetch(new URL(url, server.url), { method: 'HEAD' });
        if (!IMMUTABLE.test(response.headers.get('cache-control') ?? ''))
          notImmutable.push(`${url}: ${response.headers.get('cache-control')}`);
      }
      const publicRows = rows.filter((r) => !r.page.includes('signed in') && r.status < 500);
      // Layout shift as a phone shows each public page (Chromium's Layout Instability API, the figure behind CLS).
      const shifts = await cumulativeLayoutShift(
        server.url,
        publicRows.map((r) => r.page),
      );
      for (const r of publicRows) r.CLS = shifts === null ? 'n/a' : round(shifts.get(r.page) ?? 0, 3);
      const largest = publicRows.reduce((a, b) => (b['HTML+CSS KB gz'] > a['HTML+CSS KB gz'] ? b : a));
      const worst = <K extends 'JS KB gz' | 'CSS KB br'>(key: K) =>
        publicRows.reduce((a, b) => (b[key] > a[key] ? b : a));
      const js = worst('JS KB gz');
      const staffRows = rows.filter((r) => r.page.includes('signed in'));
      const staffJs = staffRows.reduce((a, b) => (b['JS KB gz'] > a['JS KB gz'] ? b : a));
      const css = worst('CSS KB br');
      const cls = shifts === null ? null : [...shifts].reduce((a, b) => (b[1] > a[1] ? b : a));
      const missing = rows.filter((r) => r.status === 404 && r.page !== '/no-such-page').map((r) => r.page);
      const notes = [
        `Largest public page HTML + CSS (islands included): ${largest['HTML+CSS KB gz']} KB gz on ${largest.page}.`,
        `Hashed assets with immutable caching: ${hashed.length - notImmutable.length} of ${hashed.length}${notImmutable.length ? `; not: ${notImmutable.join(', ')}` : ''}`,
        'JS: every script the page loads, module imports followed; inline scripts (server-island loaders) counted too. Lazy JS loads only with festive mode or ads on. CSS in brotli: the stylesheets the page links and its inline styles, compressed as scripts/compress-assets.ts does (quality 11).',
        shifts === null
          ? 'CLS: not measured (no Chromium for Playwright: set CHROMIUM_PATH or install one).'
          : "CLS: each public page in headless Chromium at a phone's size (390 × 844), every layout-shift entry from the first paint to the load event, the fonts, the pictures and the network at rest, summed. tests/e2e/layout-shift.spec.ts also holds the server islands until the page has painted, as a slow network would.",
        'Lighthouse mobile 100: not measured. Lighthouse is not installed and needs a network to install; the bench runs offline.',
        ...(missing.length ? [`Not built yet (404, measured as the not-found page): ${missing.join(', ')}`] : []),
      ];
      const budgets = [
        budget(
          'public pages: JS (the heaviest page)',
          `${js['JS KB gz']} KB gz on ${js.page}`,
          `≤ ${TARGETS.jsKbGz} KB gz`,
          js['JS KB gz'] <= TARGETS.jsKbGz,
          false,
        ),
        budget(
          'public pages: CSS (the heaviest page)',
          `${css['CSS KB br']} KB brotli on ${css.page}`,
          `≤ ${TARGETS.cssKbBr} KB brotli`,
          css['CSS KB br'] <= TARGETS.cssKbBr,
          false,
        ),
        budget(
          'public pages: CLS (the worst page, phone)',
          cls === null ? 'not measured: no Chromium' : `${round(cls[1], 3)} on ${cls[0]}`,
          `${TARGETS.cls}`,
          cls === null ? null : cls[1] <= TARGETS.cls,
        ),
        budget(
          'staff pages: JS with React and islands (the heaviest page)',
          `${staffJs['JS KB gz']} KB gz on ${staffJs.page}`,
          `≤ ${TARGETS.staffJsKbGz} KB gz`,
          staffJs['JS KB gz'] <= TARGETS.staffJsKbGz,
          false,
        ),
        budget('public pages: Lighthouse mobile', 'not measured: Lighthouse is not available offline', '100', null),
      ];
      return {
        rows,
        notes,
        budgets,
        data: { rows, hashedAssets: hashed.length, notImmutable, largest: largest.page, targets: TARGETS },
      };
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
