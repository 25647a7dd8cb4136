import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { OP } from '../core/gateway/protocol.ts';

/**
 * The identify case's baseline: bare Fastify with @fastify/websocket and no logger, answering each identify at once
 * (op 1, as the gateway does once a session is valid), without reading anything.
 */
const app = Fastify();
await app.register(websocket);
app.get('/', async () => ({ ready: true }));
app.get('/gateway', { websocket: true }, (socket) => {
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { op: number };
    if (message.op === OP.IDENTIFY)
      socket.send(JSON.stringify({ op: OP.IDENTIFIED, data: { user: { id: '0' }, heartbeatInterval: 41_250 } }));
  });
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
