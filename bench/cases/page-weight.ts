import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { appEnv, type BenchCase, ROOT, round, startServer } from '../lib.ts';

/** Issue 4's budgets: JS per page for an anonymous visitor, and the largest public page's HTML + CSS. */
const JS_BUDGET_KB = 15;
const HTML_CSS_BUDGET_KB = 60;
/** Issue 42's budget: the CSS of each public page, brotli as the server sends it. */
const CSS_BR_BUDGET_KB = 12;
const BUDGETED = new Set(['/', '/team', '/privacy', '/invite', '/leaderboard']);
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
/** The demo super admin (plugins/users seed): the staff dashboard is measured signed in. */
const DEMO_STAFF = '1100000000000000005';
const IMMUTABLE = /max-age=31536000.*immutable|immutable.*max-age=31536000/;

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const br = (text: string | Buffer) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
const kb = (bytes: number) => round(bytes / 1024, 1);

interface Fetched {
  status: number;
  body: string;
  cacheControl: string | null;
}

/**
 * What each page costs a first-time visitor: every script it loads (module imports followed transitively; dynamic
 * imports listed apart as lazy, since they load only when a feature is on), its HTML, the server islands it
 * fetches, its CSS, each gzipped at level 9 as scripts/compress-assets.ts serves them; the CSS in brotli (quality 11)
 * too, as browsers get it. Also checks that every hashed asset in dist/client/_astro is served with immutable caching.
 */
export const pageWeight: BenchCase = {
  name: 'page-weight',
  description: `gzipped JS and HTML + CSS per page (budgets: JS ≤ ${JS_BUDGET_KB} KB on ${[...BUDGETED].join(' ')}; HTML + CSS < ${HTML_CSS_BUDGET_KB} KB; CSS ≤ ${CSS_BR_BUDGET_KB} KB brotli on public pages)`,
  async run() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'diner-bench-'));
    const server = await startServer(appEnv(dataDir));
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
        const { eager, lazy } = await walkModules(
          [...scripts, ...preloads, ...inlineImports],
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
        const htmlBytes = gz(html);
        const js = jsBytes + inlineJs;
        const budgeted = BUDGETED.has(pagePath) && !signedIn;
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
          'CSS budget': signedIn ? '' : kb(cssBrBytes) <= CSS_BR_BUDGET_KB ? 'ok' : 'OVER',
          'HTML+CSS KB gz': kb(htmlBytes + islandBytes + cssBytes),
          budget: budgeted ? (kb(js) <= JS_BUDGET_KB ? 'ok' : 'OVER') : '',
          react: eager.some((url) => /client\.[\w-]+\.js$/.test(url)) ? 'yes' : 'no',
        };
      };

      const rows = [];
      for (const pagePath of PUBLIC_PAGES) rows.push(await measurePage(pagePath, false));
      rows.push(await measurePage('/staff/dashboard', true));

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
      const largest = publicRows.reduce((a, b) => (b['HTML+CSS KB gz'] > a['HTML+CSS KB gz'] ? b : a));
      const missing = rows.filter((r) => r.status === 404 && r.page !== '/no-such-page').map((r) => r.page);
      const notes = [
        `Largest public page HTML + CSS (islands included): ${largest['HTML+CSS KB gz']} KB gz on ${largest.page} (budget < ${HTML_CSS_BUDGET_KB} KB): ${largest['HTML+CSS KB gz'] < HTML_CSS_BUDGET_KB ? 'ok' : 'OVER'}`,
        `Hashed assets with immutable caching: ${hashed.length - notImmutable.length} of ${hashed.length}${notImmutable.length ? `; not: ${notImmutable.join(', ')}` : ''}`,
        'JS: every script the page loads, module imports followed; inline scripts (server-island loaders) counted too. Lazy JS loads only with festive mode or ads on.',
        ...(missing.length ? [`Not built yet (404, measured as the not-found page): ${missing.join(', ')}`] : []),
      ];
      return { rows, notes, data: { rows, hashedAssets: hashed.length, notImmutable, largest: largest.page } };
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
