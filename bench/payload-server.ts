import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * Calibration for the orders case: bare Fastify sending the very bytes `GET /api/client/orders` sends (read from
 * PAYLOAD_FILE, compressed JSON in PAYLOAD_ENCODING), so the table shows what this machine does with that payload and no app at all.
 */
const payload = readFileSync(process.env.PAYLOAD_FILE!);
const app = Fastify();
app.get('/', async (_request, reply) =>
  reply
    .header('content-encoding', process.env.PAYLOAD_ENCODING ?? 'gzip')
    .type('application/json; charset=utf-8')
    .send(payload),
);
console.log(
  `ready at ${await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) })}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
