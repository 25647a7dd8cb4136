import type { IncomingMessage } from 'node:http';
import { dev } from 'astro';
import { SESSION_COOKIE } from '../core/auth/sessions.ts';
import { openAndMigrate } from '../core/boot.ts';
import { loadConfig, publicConfigOf } from '../core/config.ts';
import { seedDemoData } from '../core/demo-data.ts';
import { buildServer } from '../core/http/server.ts';
import { requestedPath } from '../core/http/site.ts';
import { plugins } from '../plugins/index.ts';

/**
 * `npm run dev`: the site with hot reload. Astro's dev server answers on PORT and hands /api (and later /gateway)
 * to the Fastify API in this same process on PORT+1; pages get the same `locals` as in production (the user from
 * the VD_SESSION cookie, the plugins and their services), set on the request where Astro's dev server looks for them.
 */
const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }, plugins);
const { orm, isNew, finish } = await openAndMigrate(config, plugins);
const api = await buildServer({ config, orm, plugins, site: null });
if (isNew && config.demoData) await seedDemoData(api, plugins);
await finish();
const apiPort = config.port + 1;
await api.app.listen({ host: '127.0.0.1', port: apiPort });
const apiUrl = `http://127.0.0.1:${apiPort}`;
const publicConfig = publicConfigOf(config);

function readCookie(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const devServer = await dev({
  root: process.cwd(),
  server: { port: config.port, host: config.host },
  vite: {
    server: {
      proxy: {
        '/api': { target: apiUrl, changeOrigin: false },
        '/gateway': { target: apiUrl.replace('http', 'ws'), ws: true },
      },
    },
  },
  integrations: [
    {
      name: 'virtual-diner-locals',
      hooks: {
        'astro:server:setup': ({ server }) => {
          server.middlewares.use((request, _response, next) => {
            const token = readCookie(request, SESSION_COOKIE);
            const session = token ? api.ctx.sessions.validate(token) : Promise.resolve(null);
            session.then(
              (valid) => {
                Reflect.set(request, Symbol.for('astro.locals'), {
                  user: valid?.user ?? null,
                  plugins,
                  services: api.ctx.services,
                  audit: api.ctx.audit,
                  config: publicConfig,
                  requestedPath: requestedPath(request.url),
                });
                next();
              },
              (error: unknown) => next(error),
            );
          });
        },
      },
    },
  ],
});

console.log(`Virtual Diner (dev) is ready at http://localhost:${config.port} (API on ${apiUrl})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (async () => {
      await devServer.stop();
      await api.close();
      await orm.close();
      process.exit(0);
    })();
  });
}
