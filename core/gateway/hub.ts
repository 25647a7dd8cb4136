import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { SessionSchema } from '../auth/entities.ts';
import { type CurrentUser, hashToken, type SessionService } from '../auth/sessions.ts';
import type { Orm } from '../db/orm.ts';
import type { EventBus } from '../events.ts';
import { isBanActive } from '../shared/ban.ts';
import { isSuperAdmin } from '../shared/permissions.ts';
import { Connection, parseClientMessage, type UpgradeContext } from './connection.ts';
import { OnlineUsers } from './online-users.ts';
import {
  type Audience,
  CLOSE,
  type GatewayDispatch,
  HEARTBEAT_INTERVAL_MS,
  type IdentifiedData,
  OP,
  type UserBannedData,
} from './protocol.ts';

export interface GatewayOptions {
  /** Sent in op 1; a socket without op 2 for twice this long is closed. Tests shorten it. */
  heartbeatIntervalMs?: number;
  /** How long a new socket may stay unidentified. */
  identifyTimeoutMs?: number;
  /** onlineUsers is sent at most this often. */
  onlineUsersIntervalMs?: number;
  /** How often each process repeats its users to the others (gatewayPresence). */
  presenceIntervalMs?: number;
  /** A socket with more than this waiting to be written is cut off (a client that does not read). */
  maxBufferedBytes?: number;
  /** Fan-out writes this many sockets, then yields to the event loop before the next (tests make it small). */
  fanoutChunk?: number;
  now?: () => number;
}

/** What the hub keeps of an online user: enough to filter audiences and to list them in onlineUsers. */
export interface OnlineEntry {
  user: Pick<CurrentUser, 'id' | 'username' | 'displayName' | 'avatar' | 'permissions'>;
  sockets: Set<Connection>;
}

/**
 * One fan-out waiting in the outbox: a frame serialized once, the sockets it goes to (chosen when it was
 * dispatched), and whether they close after it (SESSION_ENDED). `next` is how far the writing has got.
 */
interface Outgoing {
  targets: Connection[];
  frame: Buffer | null;
  endSessions: boolean;
  next: number;
}

export interface GatewayDeps {
  orm: Orm;
  events: EventBus;
  sessions: SessionService;
  log: FastifyBaseLogger;
}

/**
 * The live gateway of one process: identified sockets by user and by session, audience filtering, fan-out, and the
 * session's end (logout, revocation, ban) and changes (permissions) arriving as domain events.
 */
export class GatewayHub {
  readonly heartbeatIntervalMs: number;
  readonly identifyTimeoutMs: number;
  readonly #maxBufferedBytes: number;
  readonly #deps: GatewayDeps;
  readonly #now: () => number;
  readonly #users = new Map<string, OnlineEntry>();
  readonly #sessions = new Map<string, Set<Connection>>();
  /** Every open socket, identified or not (shutdown closes them all). */
  readonly #all = new Set<Connection>();
  /** Sockets between identify and its answer: events in that window mark them (revoked, stale). */
  readonly #identifying = new Set<Connection>();
  readonly #online: OnlineUsers;
  readonly #sweep: NodeJS.Timeout;
  readonly #fanoutChunk: number;
  /** Fan-outs in the order they were dispatched: written by #drain, never inside dispatch. */
  readonly #outbox: Outgoing[] = [];
  #drainScheduled = false;
  #whenDrained: (() => void)[] = [];
  #refreshing: Promise<void> | null = null;
  #pendingRefresh: Set<string> | 'all' | null = null;
  #closed = false;

  constructor(deps: GatewayDeps, options: GatewayOptions = {}) {
    this.#deps = deps;
    this.heartbeatIntervalMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
    this.identifyTimeoutMs = options.identifyTimeoutMs ?? 10_000;
    this.#maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.#now = options.now ?? Date.now;
    this.#fanoutChunk = Math.max(1, options.fanoutChunk ?? 128);
    this.#online = new OnlineUsers(this.#users, deps.events, {
      intervalMs: options.onlineUsersIntervalMs ?? 1000,
      announceMs: options.presenceIntervalMs,
      now: this.#now,
      send: (targets, frame) => this.#enqueue({ targets, frame, endSessions: false, next: 0 }),
    });
    // One sweep for every socket rather than a timer each: a socket is closed between 2 and 2.25 intervals after
    // its last heartbeat.
    this.#sweep = setInterval(() => this.#closeSilentSockets(), Math.max(10, this.heartbeatIntervalMs / 4));
    this.#sweep.unref();

    deps.events.on('sessionRevoked', ({ sessionId }) => this.endSession(sessionId));
    deps.events.on('identityChanged', ({ userId }) => this.refresh(userId));
  }

  /** Identified sockets and their users; `open` counts every socket, identified or not yet (metrics). */
  get stats(): { sockets: number; users: number; open: number } {
    let sockets = 0;
    for (const entry of this.#users.values()) sockets += entry.sockets.size;
    return { sockets, users: this.#users.size, open: this.#all.size };
  }

  /** A new socket on /gateway: it has identifyTimeoutMs to identify. */
  attach(socket: WebSocket, upgrade: UpgradeContext): void {
    const connection = new Connection(socket, upgrade, this.#maxBufferedBytes);
    if (this.#closed) return connection.close(CLOSE.GOING_AWAY, 'Server shutting down');
    this.#all.add(connection);
    connection.identifyTimer = setTimeout(
      () => connection.close(CLOSE.IDENTIFY_TIMEOUT, 'Identify timeout'),
      this.identifyTimeoutMs,
    );
    socket.on('message', (raw, isBinary) => {
      const message = parseClientMessage(raw, isBinary);
      if (!message) return connection.close(CLOSE.INVALID_MESSAGE, 'Invalid message');
      if (message.op === OP.HEARTBEAT) {
        connection.lastHeartbeat = this.#now();
        return connection.send({ op: OP.HEARTBEAT_ACK });
      }
      if (connection.state !== 'new') return connection.close(CLOSE.INVALID_MESSAGE, 'Already identified');
      void this.#identify(connection, message.token).catch((error: unknown) => {
        this.#deps.log.error({ err: error }, 'gateway identify failed');
        connection.close(1011, 'Internal error');
        this.#identifying.delete(connection);
      });
    });
    socket.on('close', () => this.#remove(connection));
  }

  async #identify(connection: Connection, given: string | null): Promise<void> {
    connection.state = 'identifying';
    // No token: the session cookie of the upgrade request, which only the site's own pages may use (a page on
    // another site can open a WebSocket to us, and the browser would attach the cookie).
    const token = given ?? (connection.upgrade.sameOrigin ? connection.upgrade.cookieToken : undefined);
    if (!token) return connection.close(CLOSE.INVALID_TOKEN, 'Invalid token');
    connection.sessionId = hashToken(token);
    this.#identifying.add(connection);
    const session = await this.#deps.sessions.validate(token);
    this.#identifying.delete(connection);
    // The socket may have closed while the session was read.
    if ((connection.state as Connection['state']) === 'closed') return;
    if (!session || connection.revoked) return connection.close(CLOSE.INVALID_TOKEN, 'Invalid token');
    if (isBanActive(session.user.ban)) return connection.close(CLOSE.SESSION_ENDED);

    clearTimeout(connection.identifyTimer);
    connection.state = 'identified';
    connection.userId = session.user.id;
    connection.since = connection.lastHeartbeat = this.#now();
    let entry = this.#users.get(session.user.id);
    if (entry) entry.user = session.user;
    else {
      entry = { user: session.user, sockets: new Set() };
      this.#users.set(session.user.id, entry);
    }
    entry.sockets.add(connection);
    let bySession = this.#sessions.get(connection.sessionId);
    if (!bySession) {
      bySession = new Set();
      this.#sessions.set(connection.sessionId, bySession);
    }
    bySession.add(connection);

    const identified: IdentifiedData = { user: { id: session.user.id }, heartbeatInterval: this.heartbeatIntervalMs };
    connection.send({ op: OP.IDENTIFIED, data: identified });
    if (isSuperAdmin(session.user.permissions)) connection.send(this.#online.message());
    this.#online.changed();
    // The user changed while the session was being read: read them again.
    if (connection.stale) this.refresh(session.user.id);
  }

  #remove(connection: Connection): void {
    connection.close(CLOSE.GOING_AWAY);
    this.#all.delete(connection);
    this.#identifying.delete(connection);
    if (connection.userId === null) return;
    const entry = this.#users.get(connection.userId);
    if (entry?.sockets.delete(connection) && entry.sockets.size === 0) this.#users.delete(connection.userId);
    const bySession = connection.sessionId ? this.#sessions.get(connection.sessionId) : undefined;
    if (bySession?.delete(connection) && bySession.size === 0) this.#sessions.delete(connection.sessionId!);
    this.#online.changed();
  }

  /**
   * Sends one event to its audience, serialized once; then ends those sessions if the dispatch says so. The audience
   * is chosen now, but nothing is written here: the event joins the outbox, written after the current turn of the
   * event loop (so a service that publishes after its commit answers its own request first) and a chunk of sockets
   * at a time (so a fan-out to thousands of sockets does not hold up other requests). One outbox, written in order,
   * keeps every socket's events in the order they were dispatched.
   */
  dispatch(dispatch: GatewayDispatch): void {
    const targets = this.#audience(dispatch.to);
    if (targets.length === 0) return;
    const frame = Buffer.from(JSON.stringify({ op: OP.EVENT, t: dispatch.t, data: dispatch.data }));
    this.#enqueue({ targets, frame, endSessions: dispatch.endSessions === true, next: 0 });
  }

  /** Resolves once every fan-out dispatched so far has been written (benchmarks, tests). */
  drained(): Promise<void> {
    if (this.#outbox.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#whenDrained.push(resolve));
  }

  #enqueue(outgoing: Outgoing): void {
    this.#outbox.push(outgoing);
    if (this.#drainScheduled) return;
    this.#drainScheduled = true;
    setImmediate(() => this.#drain());
  }

  /** Writes up to one chunk of sockets from the head of the outbox, then yields if more is waiting. */
  #drain(limit = this.#fanoutChunk): void {
    this.#drainScheduled = false;
    let budget = limit;
    while (budget > 0 && this.#outbox.length > 0) {
      const outgoing = this.#outbox[0]!;
      const end = Math.min(outgoing.targets.length, outgoing.next + budget);
      for (; outgoing.next < end; outgoing.next++) {
        const connection = outgoing.targets[outgoing.next]!;
        if (outgoing.frame) connection.send(outgoing.frame);
        if (outgoing.endSessions) connection.close(CLOSE.SESSION_ENDED);
        budget--;
      }
      if (outgoing.next === outgoing.targets.length) this.#outbox.shift();
    }
    if (this.#outbox.length > 0) {
      this.#drainScheduled = true;
      setImmediate(() => this.#drain());
      return;
    }
    const waiting = this.#whenDrained;
    this.#whenDrained = [];
    for (const resolve of waiting) resolve();
  }

  #audience(to: Audience): Connection[] {
    const targets: Connection[] = [];
    if ('userId' in to) {
      for (const connection of this.#users.get(to.userId)?.sockets ?? []) targets.push(connection);
      return targets;
    }
    const wanted = to.permissions;
    for (const { user, sockets } of this.#users.values()) {
      if ((user.permissions & wanted) !== wanted && !isSuperAdmin(user.permissions)) continue;
      for (const connection of sockets) targets.push(connection);
    }
    return targets;
  }

  /**
   * Logout or revocation: that session's sockets close as SESSION_ENDED, through the outbox so that the events
   * dispatched to them before still reach them first.
   */
  endSession(sessionId: string): void {
    for (const connection of this.#identifying) if (connection.sessionId === sessionId) connection.revoked = true;
    const targets = [...(this.#sessions.get(sessionId) ?? [])];
    if (targets.length > 0) this.#enqueue({ targets, frame: null, endSessions: true, next: 0 });
  }

  /**
   * Reads the user (or every online user) again after identityChanged: permissions follow rank changes at once, and
   * a user who turns out banned gets userBanned and is closed, whichever event told us. Bursts are read together.
   * A full re-read (no userId: a rank changed, or the event bridge reconnected) also drops sockets whose session is
   * gone, in case a revocation was missed.
   */
  refresh(userId?: string): void {
    // Whose session is still being read is not known yet: each of them is read again once identified.
    for (const connection of this.#identifying) connection.stale = true;
    if (userId === undefined) this.#pendingRefresh = 'all';
    else if (this.#users.has(userId) && this.#pendingRefresh !== 'all') {
      this.#pendingRefresh ??= new Set();
      this.#pendingRefresh.add(userId);
    }
    this.#scheduleRefresh();
  }

  #scheduleRefresh(): void {
    if (this.#pendingRefresh === null || this.#refreshing || this.#closed) return;
    this.#refreshing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#runRefresh())
      .catch((error: unknown) => this.#deps.log.error({ err: error }, 'gateway refresh failed'))
      .finally(() => {
        this.#refreshing = null;
        this.#scheduleRefresh();
      });
  }

  async #runRefresh(): Promise<void> {
    const pending = this.#pendingRefresh;
    this.#pendingRefresh = null;
    if (pending === null || this.#closed) return;
    const ids = pending === 'all' ? [...this.#users.keys()] : [...pending].filter((id) => this.#users.has(id));
    if (ids.length === 0) return;
    const em = this.#deps.orm.em.fork();
    const found = await this.#deps.sessions.usersOf(ids);
    for (const id of ids) {
      const entry = this.#users.get(id);
      if (!entry) continue;
      const user = found.get(id);
      if (!user) {
        this.#enqueue({ targets: [...entry.sockets], frame: null, endSessions: true, next: 0 });
      } else if (user.ban && isBanActive(user.ban)) {
        const data: UserBannedData = {
          userID: id,
          reason: user.ban.reason,
          expires: user.ban.expires === null ? null : new Date(user.ban.expires).toISOString(),
        };
        this.dispatch({ t: 'userBanned', data, to: { userId: id }, endSessions: true });
      } else {
        entry.user = user;
      }
    }
    if (pending === 'all' && this.#sessions.size > 0) {
      const sessionIds = [...this.#sessions.keys()];
      const live = await em.find(
        SessionSchema,
        { id: { $in: sessionIds }, expiresAt: { $gt: new Date(this.#now()) } },
        { fields: ['id'] },
      );
      const liveIds = new Set(live.map((s) => s.id));
      for (const id of sessionIds) if (!liveIds.has(id)) this.endSession(id);
    }
    this.#online.changed();
  }

  #closeSilentSockets(): void {
    const deadline = this.#now() - 2 * this.heartbeatIntervalMs;
    for (const { sockets } of this.#users.values()) {
      for (const connection of sockets)
        if (connection.lastHeartbeat < deadline) connection.close(CLOSE.HEARTBEAT_TIMEOUT, 'Heartbeat timeout');
    }
  }

  /** Shutdown: every socket is told to come back later (1001) and given up to `graceMs` to close. */
  async close(graceMs = 1000): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#sweep);
    this.#online.stop();
    // What was dispatched before the shutdown still goes out, ahead of the 1001.
    this.#drain(Infinity);
    const sockets = [...this.#all];
    const closed = sockets.map(
      (connection) =>
        new Promise<void>((resolve) => {
          if (connection.socket.readyState === connection.socket.CLOSED) return resolve();
          connection.socket.once('close', () => resolve());
          connection.close(CLOSE.GOING_AWAY, 'Server shutting down');
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const connection of sockets)
      if (connection.socket.readyState !== connection.socket.CLOSED) connection.socket.terminate();
    await this.#refreshing;
  }
}
