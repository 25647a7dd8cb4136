/**
 * The live gateway's wire protocol (specification section 7, 'Live gateway'), shared by the server (core/gateway),
 * the site's client (site/lib) and tests. Pure module: no Node, no database.
 *
 * Messages are JSON `{ op, t, data }`:
 *   op 0 identify (client → server) `{ token }`
 *   op 1 identified (server → client) `{ user: { id }, heartbeatInterval }`
 *   op 2 heartbeat (client → server, every 45 s)
 *   op 3 heartbeat ack (server → client)
 *   op 4 event (server → client) with `t` one of GATEWAY_EVENTS
 */
export const GATEWAY_PATH = '/gateway';

export const OP = {
  IDENTIFY: 0,
  IDENTIFIED: 1,
  HEARTBEAT: 2,
  HEARTBEAT_ACK: 3,
  EVENT: 4,
} as const;
export type Op = (typeof OP)[keyof typeof OP];

export const HEARTBEAT_INTERVAL_MS = 45_000;
export const MAX_RECONNECTS = 3;

export const GATEWAY_EVENTS = [
  'orderSent',
  'orderUpdated',
  'cancelOrder',
  'orderDeleted',
  'deliverOrder',
  'joinDeliveryQueue',
  'leaveDeliveryQueue',
  'onlineUsers',
  'userBanned',
] as const;
export type GatewayEventName = (typeof GATEWAY_EVENTS)[number];

/**
 * Close codes. 1005 (no status) is the one the client never reconnects after (specification); the server uses it
 * itself for closes that must not be retried (logout, revoked session, ban), so a client that follows the
 * specification's rule stops by itself. 4xxx codes are ours and documented in docs/gateway.md.
 */
export const CLOSE = {
  /** Sent by the client on a deliberate close; never reconnect. */
  NO_STATUS: 1005,
  /** The token in identify is missing, malformed, expired or revoked. */
  INVALID_TOKEN: 4001,
  /** A message that is not JSON `{ op, ... }` or an op the server does not accept. */
  INVALID_MESSAGE: 4002,
  /** No identify within the identify timeout. */
  IDENTIFY_TIMEOUT: 4003,
  /** Two heartbeats missed. */
  HEARTBEAT_TIMEOUT: 4004,
  /** The user's session ended (logout or revocation) or the user was banned. */
  SESSION_ENDED: 4005,
} as const;

/** Who may receive a gateway event. */
export type Audience =
  /** Every identified socket whose user has all of these permission bits (SUPER_ADMIN always passes). */
  | { permissions: number }
  /** Every identified socket of this user. */
  | { userId: string };

export interface GatewayDispatch {
  t: GatewayEventName;
  data: unknown;
  to: Audience;
}

export interface GatewayMessage {
  op: Op;
  t?: GatewayEventName;
  data?: unknown;
}
