import { startImageHostStandIn } from './server.ts';

/**
 * `node tests/stand-ins/image-host/main.ts`: the image host stand-in on PORT (default 4398), so uploads in a local
 * run go through the real image host path. Ctrl-C stops it.
 */
const host = await startImageHostStandIn({
  port: Number(process.env.PORT ?? 4398),
  clientId: process.env.IMAGE_HOST_CLIENT_ID || undefined,
});
console.log(`Image host stand-in is ready at ${host.url}`);
console.log(`Run the app with IMAGE_HOST_URL=${host.url} IMAGE_HOST_CLIENT_ID=${host.clientId}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void host.close().then(() => process.exit(0)));
}
