import websocket from '@fastify/websocket';
import { publicAccess } from '../auth/guards.ts';
import { isSameOrigin } from '../auth/request-session.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import { readCookie } from '../http/cookies.ts';
import type { App } from '../plugin.ts';
import type { GatewayHub } from './hub.ts';
import { GATEWAY_PATH } from './protocol.ts';

/** Clients send identify and heartbeats, a few dozen bytes each: anything larger is closed by ws (1009). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * `GET /gateway`: the WebSocket upgrade. Registered before every other route (@fastify/websocket must see them all
 * to refuse upgrades elsewhere). Its guard is publicAccess because authentication is the identify op, which the
 * hub checks; the request's session hook is skipped (`session: false`) since identify validates the token itself.
 */
export async function registerGateway(app: App, hub: GatewayHub, config: Config): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // A socket's errors are the client's doing (a reset connection, an oversized message): worth a warning, not
    // the error level the default gives them. A protocol error (an oversized or malformed frame) has already made
    // ws send its close frame (1009, 1002…) and keep reading what the client is still sending until the client
    // answers: cutting the connection now would reset it with that data unread, and the client would see 1006
    // instead of the code (a 16 MB frame did). ws ends it after its close timeout if the client never answers.
    errorHandler: (error, socket, request) => {
      request.log.warn({ err: error }, 'gateway socket error');
      if (socket.readyState !== socket.CLOSING) socket.terminate();
    },
    // The default closes every socket without a status code, which clients read as 1005 and never reconnect
    // after; a shutdown or a deploy must let them come back (1001).
    preClose: async () => {
      await hub.close();
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });
  app.route({
    method: 'GET',
    url: GATEWAY_PATH,
    onRequest: publicAccess,
    config: { session: false },
    // A plain GET gets the error shape every other route answers with.
    handler: async () => {
      throw new DomainError('bad_request', 'The live gateway is a WebSocket: connect with an Upgrade request.');
    },
    wsHandler: (socket, request) => {
      hub.attach(socket, { cookieToken: readCookie(request, SESSION_COOKIE), sameOrigin: isSameOrigin(request, config) });
    },
  });
}
