/**
 * The live gateway's wire protocol (specification section 7, 'Live gateway'), shared by the server (core/gateway),
 * the site's client (site/lib) and tests. Pure module: no Node, no database.
 *
 * Messages are JSON `{ op, t, data }`:
 *   op 0 identify (client → server) `{ token }`
 *   op 1 identified (server → client) `{ user: { id }, heartbeatInterval }`
 *   op 2 heartbeat (client → server, every 45 s)
 *   op 3 heartbeat ack (server → client)
 *   op 4 event (server → client) with `t` one of GatewayEvents' names
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

/**
 * The events op 4 carries, by name (`t`), with their data. Core's own are what the identity kernel knows
 * (`onlineUsers`, `userBanned`, core/gateway/README.md); each plugin adds the events its `gateway` filters send by
 * declaration merging in its own files (`declare module '…/core/gateway/protocol.ts' { interface GatewayEvents {…} }`),
 * so core names no feature's event and every filter's data is typed.
 */
export interface GatewayEvents {
  /** Every identified user, on every web process (SUPER_ADMIN sockets only). */
  onlineUsers: { users: OnlineUser[] };
  userBanned: UserBannedData;
}
export type GatewayEventName = keyof GatewayEvents & string;

/**
 * Close codes (docs/gateway.md). The specification's client reconnects up to 3 times unless the close code is 1005.
 * 1005 ("no status") cannot be written into a close frame: an endpoint produces it by closing with an empty close
 * frame, which the other side reports as 1005. The server ends a session that way (logout, revoked session, ban,
 * a banned user identifying), so any client that follows the specification's rule stops by itself; ours also
 * stops after INVALID_TOKEN, since sending the same token again cannot succeed (`shouldReconnect`).
 */
export const CLOSE = {
  /** The server is shutting down or restarting: reconnect. */
  GOING_AWAY: 1001,
  /**
   * The user's session ended: logout, revoked session, ban, or a banned user identifying. Sent as a close frame
   * without a status code (`socket.close()`), seen by the client as 1005; also what a client's own deliberate
   * close() produces. Never reconnect.
   */
  SESSION_ENDED: 1005,
  /** The token in identify is missing, malformed, expired or revoked, or a cookie identify came from another origin. */
  INVALID_TOKEN: 4001,
  /** A message that is not JSON `{ op, ... }`, an op the server does not accept, or a second identify. */
  INVALID_MESSAGE: 4002,
  /** No identify within the identify timeout (10 s). */
  IDENTIFY_TIMEOUT: 4003,
  /** Two heartbeats missed: no op 2 for 2 × heartbeatInterval. */
  HEARTBEAT_TIMEOUT: 4004,
} as const;

/** The client's reconnect rule: the specification's (never after 1005), and never after a rejected token. */
export function shouldReconnect(code: number): boolean {
  return code !== CLOSE.SESSION_ENDED && code !== CLOSE.INVALID_TOKEN;
}

/** op 1's data. */
export interface IdentifiedData {
  user: { id: string };
  heartbeatInterval: number;
}

/** `userBanned`'s data: sent to the banned user's sockets just before they are closed. */
export interface UserBannedData {
  userID: string;
  reason: string | null;
  /** ISO 8601; null: permanent. */
  expires: string | null;
}

/** One entry of `onlineUsers`' data `{ users }` (SUPER_ADMIN sockets only). */
export interface OnlineUser {
  id: string;
  username: string;
  displayName: string | null;
  avatar: string | null;
  /** Identified sockets of this user, on every web process. */
  connections: number;
  /** ISO 8601: when the oldest of those sockets identified. */
  since: string;
}

/** Who may receive a gateway event. */
export type Audience =
  /** Every identified socket whose user has all of these permission bits (SUPER_ADMIN always passes). */
  | { permissions: number }
  /** Every identified socket of this user. */
  | { userId: string };

/** One event for the hub to send: its name, its data (serialized once per fan-out as JSON), its audience. */
export type GatewayDispatch = {
  [T in GatewayEventName]: {
    t: T;
    data: GatewayEvents[T];
    to: Audience;
    /**
     * After sending, end the session of every socket that received it (closed as CLOSE.SESSION_ENDED): for an event
     * after which the user may no longer be connected (userBanned). Meant for `{ userId }` audiences.
     */
    endSessions?: boolean;
  };
}[GatewayEventName];

export interface GatewayMessage {
  op: Op;
  t?: GatewayEventName;
  data?: unknown;
}
