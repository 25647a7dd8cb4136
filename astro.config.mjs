// @ts-check

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import { defineConfig } from 'astro/config';

/** Our own `is:inline` scripts (site/lib/inline/README.md): Astro hashes what it writes, we hash these. */
const inlineDir = new URL('./site/lib/inline/', import.meta.url);
const inlineScriptHashes = readdirSync(inlineDir)
  .filter((name) => name.endsWith('.js'))
  .map(
    (name) =>
      `sha256-${createHash('sha256')
        .update(readFileSync(new URL(name, inlineDir)))
        .digest('base64')}`,
  );

/**
 * Zod in the browser runs without its JIT (site/lib/zod-browser.ts): every `zod` import of a browser chunk resolves
 * to that module, which configures zod before anything parses. Server code keeps the JIT.
 * @returns {import('vite').Plugin}
 */
function zodWithoutJitInTheBrowser() {
  const browserZod = fileURLToPath(new URL('./site/lib/zod-browser.ts', import.meta.url));
  return {
    name: 'zod-without-jit-in-the-browser',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || importer === browserZod || this.environment.config.consumer !== 'client') return null;
      return browserZod;
    },
  };
}

/**
 * The stylesheets public pages load (main.scss on every page; the Bulma modules a public page imports) keep only the
 * rules whose classes, ids and attributes a word of the site's markup and scripts names (docs/site-patterns.md,
 * "Stylesheets"): Bulma's modules write many the site never uses (the navbar's dropdowns and fixed positions, buttons'
 * sizes, hero videos…). Safe for classes added at run time: a script or an island names them in site/ as whole words
 * (`classList.add('is-active')`, `toast(…, 'is-success')`), a plugin's schema names an announcement's type; a class
 * built from pieces (`is-${x}`) would not be seen, and none of these stylesheets styles one. Every HTML element is
 * kept: markdown from the database and third-party frames (ads, consent) write elements no source names. Other
 * stylesheets (app.scss, a feature's) are left whole. Only `astro build` purges: the dev server would keep serving a
 * stylesheet purged before a class was added to the markup.
 * @returns {import('vite').Plugin}
 */
function purgePublicStylesheets() {
  const here = (path) => fileURLToPath(new URL(path, import.meta.url));
  const sheets = ['main', 'bulma-content', 'bulma-hero', 'bulma-table'].map((name) =>
    here(`./site/styles/${name}.scss`),
  );
  const elements = `a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite
    code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form
    h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta
    meter nav noscript object ol optgroup option output p picture pre progress q rp rt ruby s samp script search
    section select slot small source span strong style sub summary sup svg table tbody td template textarea tfoot th
    thead time title tr track u ul var video wbr`;
  const purge = purgeCSSPlugin({
    content: [
      here('./site/**/*.{astro,ts,tsx}'),
      here('./plugins/**/*.ts'),
      here('./core/**/*.ts'),
      { raw: elements, extension: 'html' },
    ],
  });
  /** @type {import('postcss').Plugin} */
  const publicOnly = {
    postcssPlugin: 'purge-public-stylesheets',
    OnceExit(root, helpers) {
      if (sheets.includes(root.source?.input.file ?? '')) return purge.OnceExit(root, helpers);
    },
  };
  return {
    name: 'purge-public-stylesheets',
    config: (_, { command }) => (command === 'build' ? { css: { postcss: { plugins: [publicOnly] } } } : undefined),
  };
}

/**
 * The site: public pages prerender to static HTML; pages that need the user or live data opt out with
 * `export const prerender = false`; what changes at run time on a static page comes from server islands.
 * Built with @astrojs/node in middleware mode and mounted inside Fastify (core/http/site.ts).
 */
export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  // staticHeaders: the policy of each prerendered page goes to dist/_headers.json rather than a <meta> in the page,
  // and the server sends it as a header (core/http/site.ts).
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  integrations: [react()],
  // Fastify owns the session cookie and checks the origin of unsafe requests itself.
  // csp: Astro hashes every inline script and style it writes (island loaders, server-island fetches, small
  // hoisted scripts); core/http/csp.ts turns those hashes into the Content-Security-Policy header of every page.
  security: { checkOrigin: false, csp: { algorithm: 'SHA-256', scriptDirective: { hashes: inlineScriptHashes } } },
  build: { inlineStylesheets: 'never' },
  // The site has no Markdown pages (what staff write in Markdown is rendered by core/markdown.ts): no code to
  // highlight, and Shiki's inline styles would not pass the Content-Security-Policy above.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  // Link prefetch is site/lib/navigation.ts's own: Astro's cannot leave out links whose GET starts something (the
  // Discord sign-in) and still prefetches on tap on 2g or with data saver.
  prefetch: false,
  vite: {
    plugins: [zodWithoutJitInTheBrowser(), purgePublicStylesheets()],
    css: { preprocessorOptions: { scss: { quietDeps: true } } },
  },
});
