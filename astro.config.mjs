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
  // Link prefetch is site/lib/navigation.ts's own: Astro's cannot leave out links whose GET starts something (the
  // Discord sign-in) and still prefetches on tap on 2g or with data saver.
  prefetch: false,
  vite: {
    css: { preprocessorOptions: { scss: { quietDeps: true } } },
  },
});
