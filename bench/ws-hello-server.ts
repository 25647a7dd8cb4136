import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { WebSocket } from 'ws';
import { OP } from '../core/gateway/protocol.ts';

/**
 * The gateway's baseline (identify and fanout cases): bare Fastify with @fastify/websocket and no logger, answering
 * each identify at once (op 1, as the gateway does once a session is valid) without reading anything, and
 * `POST /bench/publish` writing one event, serialized once, to every identified socket before it answers.
 */
const app = Fastify();
await app.register(websocket);
const identified = new Set<WebSocket>();
app.get('/', async () => ({ ready: true }));
app.get('/gateway', { websocket: true }, (socket) => {
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { op: number };
    if (message.op !== OP.IDENTIFY) return;
    identified.add(socket);
    socket.send(JSON.stringify({ op: OP.IDENTIFIED, data: { user: { id: '0' }, heartbeatInterval: 41_250 } }));
  });
  socket.on('close', () => identified.delete(socket));
});
app.post('/bench/publish', async (request) => {
  const { seq } = request.body as { seq: number };
  // The same frame as bench/gateway-server.ts's event.
  const frame = Buffer.from(
    JSON.stringify({ op: OP.EVENT, t: 'orderSent', data: { order: { orderID: `BENCH${seq}` }, seq } }),
  );
  for (const socket of identified) socket.send(frame);
  return { sockets: identified.size };
});
console.log(
  `ready at ${await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) })}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
