// @ts-check

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
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
  devToolbar: { enabled: false },
  // Link prefetch is site/lib/navigation.ts's own: Astro's cannot leave out links whose GET starts something (the
  // Discord sign-in) and still prefetches on tap on 2g or with data saver.
  prefetch: false,
  vite: {
    plugins: [zodWithoutJitInTheBrowser()],
    css: { preprocessorOptions: { scss: { quietDeps: true } } },
  },
});
