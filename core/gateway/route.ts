import { EventEmitter } from 'node:events';
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import { publicAccess } from '../auth/guards.ts';
import { isSameOrigin } from '../auth/request-session.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import { readCookie } from '../http/cookies.ts';
import { routeNotFound, sendRawError } from '../http/errors.ts';
import type { App } from '../plugin.ts';
import type { GatewayHub } from './hub.ts';
import { GATEWAY_PATH } from './protocol.ts';

/** Clients send identify and heartbeats, a few dozen bytes each: anything larger is closed by ws (1009). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * An upgrade to any path but the gateway's: a 404 in the error shape, then the socket is closed (nothing would
 * ever read it again).
 */
function refuseUpgrade(request: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => socket.destroy());
  const response = new ServerResponse(request);
  response.assignSocket(socket as never);
  response.shouldKeepAlive = false;
  response.on('finish', () => socket.destroy());
  sendRawError(response, routeNotFound(request.method, request.url), { connection: 'close' });
}

/**
 * `GET /gateway`: the WebSocket upgrade. @fastify/websocket lives in a scope of its own with this one route: in
 * the scope it is registered in, it adds an onRequest and an onResponse hook and wraps the handler of every route,
 * which every HTTP request would pay for. It hears only the upgrades to this path (`options.server`: an emitter the
 * server's upgrades are passed to); an upgrade to any other path is a 404 (refuseUpgrade). Its guard is
 * publicAccess because authentication is the identify op, which the hub checks; the request's session hook is
 * skipped (`session: false`) since identify validates the token itself.
 */
export async function registerGateway(app: App, hub: GatewayHub, config: Config): Promise<void> {
  const upgrades = new EventEmitter();
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').split('?')[0] === GATEWAY_PATH) upgrades.emit('upgrade', request, socket, head);
    else refuseUpgrade(request, socket);
  });
  await app.register(async (scope) => gatewayScope(scope as App, hub, config, upgrades));
}

async function gatewayScope(app: App, hub: GatewayHub, config: Config, upgrades: EventEmitter): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, server: upgrades as never },
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
    config: {
      session: false,
      openapi: {
        description:
          'A WebSocket: connect with `Upgrade: websocket` (the session cookie signs a same-origin socket in; docs/gateway.md). A plain GET answers 400.',
        responses: { '101': 'Switching Protocols: the live gateway’s socket.' },
      },
    },
    // No success over plain HTTP: the 101 above is the upgrade's.
    schema: { response: {} },
    // A plain GET gets the error shape every other route answers with.
    handler: async () => {
      throw new DomainError('bad_request', 'The live gateway is a WebSocket: connect with an Upgrade request.');
    },
    wsHandler: (socket, request) => {
      hub.attach(socket, {
        cookieToken: readCookie(request, SESSION_COOKIE),
        sameOrigin: isSameOrigin(request, config),
      });
    },
  });
}
