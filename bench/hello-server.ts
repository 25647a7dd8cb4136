import Fastify from 'fastify';

/** The baseline: bare Fastify with one JSON route and no logger, in its own process like the real server. */
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
console.log(
  `ready at ${await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) })}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
