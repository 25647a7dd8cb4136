import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { OP } from '../core/gateway/protocol.ts';

export interface GatewayMessage {
  op: number;
  data: { seq?: number };
}

/**
 * Opens one socket per token to `wsUrl`, `wave` at a time, each identifying with its token (added to `sockets` as
 * they open); resolves once all are identified. Every other message goes to `onMessage` with the moment it arrived.
 */
export async function identifySockets(
  wsUrl: string,
  tokens: readonly string[],
  wave: number,
  sockets: WebSocket[],
  onMessage: (message: GatewayMessage, at: number) => void = () => {},
): Promise<void> {
  for (let i = 0; i < tokens.length; i += wave) {
    await Promise.all(
      tokens.slice(i, i + wave).map(
        (token) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(wsUrl);
            sockets.push(socket);
            socket.once('open', () => socket.send(JSON.stringify({ op: OP.IDENTIFY, data: { token } })));
            socket.once('close', (code) => reject(new Error(`socket closed (${code}) during the benchmark`)));
            socket.once('error', reject);
            socket.on('message', (raw) => {
              const at = performance.now();
              const message = JSON.parse(raw.toString()) as GatewayMessage;
              if (message.op === OP.IDENTIFIED) resolve();
              else onMessage(message, at);
            });
          }),
      ),
    );
  }
}

/** `count` users with MANAGE_ORDERS and a session each, made by bench/gateway-server.ts: their session tokens. */
export async function benchUsers(appUrl: string, count: number): Promise<string[]> {
  const made = await fetch(`${appUrl}/bench/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count }),
  });
  return ((await made.json()) as { tokens: string[] }).tokens;
}
