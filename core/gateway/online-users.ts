import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events.ts';
import { isSuperAdmin } from '../shared/permissions.ts';
import type { Connection } from './connection.ts';
import type { OnlineEntry } from './hub.ts';
import { type GatewayMessage, type OnlineUser, OP } from './protocol.ts';

export interface OnlineUsersOptions {
  /** onlineUsers is sent at most this often (and presence announced at most this often). */
  intervalMs: number;
  /** Each process repeats its presence this often, so that the others know it is still there. */
  announceMs?: number;
  now: () => number;
  /** Writes one frame to these sockets: the hub's outbox, so that onlineUsers keeps its place among the events. */
  send?: (targets: Connection[], frame: Buffer) => void;
}

/**
 * `onlineUsers` for SUPER_ADMIN sockets: the current list when one identifies, and again whenever who is online
 * (or on how many sockets) changes, at most once per interval: a burst of connections costs one message.
 *
 * With several processes (PostgreSQL, core/db/event-bridge.ts), each announces its own users as a
 * `gatewayPresence` event when they change and every `announceMs`, and lists everybody's: a process not heard from
 * for 2.5 announcements is forgotten, one that shuts down says so (an empty list), and a process that hears from a
 * new one answers with its own list so the newcomer does not wait. On one process the event has no other listener.
 */
export class OnlineUsers {
  readonly node = randomUUID();
  readonly #users: ReadonlyMap<string, OnlineEntry>;
  readonly #events: EventBus;
  readonly #intervalMs: number;
  readonly #announceMs: number;
  readonly #now: () => number;
  readonly #send: (targets: Connection[], frame: Buffer) => void;
  readonly #remote = new Map<string, { users: OnlineUser[]; at: number }>();
  readonly #unsubscribe: () => void;
  readonly #heartbeat: NodeJS.Timeout;
  #timer: NodeJS.Timeout | undefined;
  #lastSent = -Infinity;
  /** What to do when the timer fires: tell local super admins, tell the other processes. */
  #pending = { broadcast: false, announce: false };
  #hello = false;

  constructor(users: ReadonlyMap<string, OnlineEntry>, events: EventBus, options: OnlineUsersOptions) {
    this.#users = users;
    this.#events = events;
    this.#intervalMs = options.intervalMs;
    this.#announceMs = options.announceMs ?? 30_000;
    this.#now = options.now;
    this.#send =
      options.send ??
      ((targets, frame) => {
        for (const connection of targets) connection.send(frame);
      });
    this.#unsubscribe = events.on('gatewayPresence', ({ node, users: list, hello }) => {
      if (node === this.node) return;
      if (list.length === 0) this.#remote.delete(node);
      else this.#remote.set(node, { users: list, at: this.#now() });
      // A process that just started asks for everyone's list (only then: answers do not ask, or two would ping-pong).
      this.#schedule({ broadcast: true, announce: hello === true });
    });
    this.#heartbeat = setInterval(() => this.#tick(), this.#announceMs);
    this.#heartbeat.unref();
    // The first announcement, once the process has had time to start its event bridge.
    this.#hello = true;
    this.#schedule({ broadcast: false, announce: true }, Math.min(1000, this.#announceMs));
  }

  #local(): OnlineUser[] {
    const users: OnlineUser[] = [];
    for (const { user, sockets } of this.#users.values()) {
      let since = Infinity;
      for (const connection of sockets) since = Math.min(since, connection.since);
      users.push({
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        avatar: user.avatar,
        connections: sockets.size,
        since: new Date(since).toISOString(),
      });
    }
    return users;
  }

  /** Everyone online on every process: a user on several adds up their connections and keeps the oldest `since`. */
  list(): OnlineUser[] {
    const local = this.#local();
    if (this.#remote.size === 0) return local;
    const merged = new Map(local.map((u) => [u.id, { ...u }]));
    for (const { users } of this.#remote.values()) {
      for (const user of users) {
        const known = merged.get(user.id);
        if (!known) merged.set(user.id, { ...user });
        else {
          known.connections += user.connections;
          if (user.since < known.since) known.since = user.since;
        }
      }
    }
    return [...merged.values()];
  }

  message(): GatewayMessage {
    return { op: OP.EVENT, t: 'onlineUsers', data: { users: this.list() } };
  }

  /** This process's sockets changed. */
  changed(): void {
    this.#schedule({ broadcast: true, announce: true });
  }

  #schedule(what: { broadcast: boolean; announce: boolean }, wait?: number): void {
    this.#pending.broadcast ||= what.broadcast;
    this.#pending.announce ||= what.announce;
    if (this.#timer) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        const { broadcast, announce } = this.#pending;
        this.#pending = { broadcast: false, announce: false };
        this.#lastSent = this.#now();
        if (announce) this.#announce();
        if (broadcast) this.#broadcast();
      },
      wait ?? Math.max(0, this.#lastSent + this.#intervalMs - this.#now()),
    );
    this.#timer.unref();
  }

  #announce(users = this.#local()): void {
    const hello = this.#hello;
    this.#hello = false;
    this.#events.publish('gatewayPresence', { node: this.node, users, ...(hello ? { hello } : {}) });
  }

  #broadcast(): void {
    const admins: Connection[] = [];
    for (const { user, sockets } of this.#users.values()) if (isSuperAdmin(user.permissions)) admins.push(...sockets);
    if (admins.length === 0) return;
    this.#send(admins, Buffer.from(JSON.stringify(this.message())));
  }

  /** Every announceMs: say we are here, forget processes that stopped saying so. */
  #tick(): void {
    if (this.#users.size > 0) this.#announce();
    const deadline = this.#now() - 2.5 * this.#announceMs;
    let forgot = false;
    for (const [node, { at }] of this.#remote) {
      if (at < deadline) forgot = this.#remote.delete(node);
    }
    if (forgot) this.#schedule({ broadcast: true, announce: false });
  }

  /** Shutdown: the other processes drop this one's users at once. */
  stop(): void {
    clearTimeout(this.#timer);
    clearInterval(this.#heartbeat);
    this.#unsubscribe();
    this.#announce([]);
  }
}
