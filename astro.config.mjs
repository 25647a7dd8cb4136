// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

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
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // Fastify owns the session cookie and checks the origin of unsafe requests itself.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  // Same-site links are prefetched on hover or focus. Astro skips that on 2g or with data saver but still prefetches
  // on tap there; site/lib/navigation.ts turns that off too (the specification: skipped on 2g or data saver).
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  vite: {
    css: { preprocessorOptions: { scss: { quietDeps: true } } },
  },
});
