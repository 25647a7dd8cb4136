import { isSuperAdmin } from '../shared/permissions.ts';
import type { Connection } from './connection.ts';
import type { OnlineEntry } from './hub.ts';
import { OP, type GatewayMessage, type OnlineUser } from './protocol.ts';

/**
 * `onlineUsers` for SUPER_ADMIN sockets: the current list when one identifies, and again whenever who is online
 * (or on how many sockets) changes, at most once per interval: a burst of connections costs one message.
 */
export class OnlineUsers {
  readonly #users: ReadonlyMap<string, OnlineEntry>;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #lastSent = -Infinity;

  constructor(users: ReadonlyMap<string, OnlineEntry>, intervalMs: number, now: () => number) {
    this.#users = users;
    this.#intervalMs = intervalMs;
    this.#now = now;
  }

  list(): OnlineUser[] {
    const users: OnlineUser[] = [];
    for (const { user, sockets } of this.#users.values()) {
      let since = Infinity;
      for (const connection of sockets) since = Math.min(since, connection.since);
      users.push({ id: user.id, username: user.username, displayName: user.displayName, avatar: user.avatar, connections: sockets.size, since: new Date(since).toISOString() });
    }
    return users;
  }

  message(): GatewayMessage {
    return { op: OP.EVENT, t: 'onlineUsers', data: { users: this.list() } };
  }

  changed(): void {
    if (this.#timer) return;
    const wait = Math.max(0, this.#lastSent + this.#intervalMs - this.#now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#send();
    }, wait);
    this.#timer.unref();
  }

  #send(): void {
    const admins: Connection[] = [];
    for (const { user, sockets } of this.#users.values()) if (isSuperAdmin(user.permissions)) admins.push(...sockets);
    if (admins.length === 0) return;
    this.#lastSent = this.#now();
    const frame = Buffer.from(JSON.stringify(this.message()));
    for (const connection of admins) connection.send(frame);
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}
