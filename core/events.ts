import type { OnlineUser } from './gateway/protocol.ts';

/**
 * Domain events, published by services after their transaction commits (never before). Plugins add their events
 * to `DomainEvents` by declaration merging, so every publisher and listener is typed.
 * One process: this in-memory bus. Several processes on PostgreSQL: core/db/event-bridge.ts forwards every event
 * published here to the other processes (LISTEN/NOTIFY), where it is delivered to their listeners, so payloads must
 * be JSON-safe (no Date, Map or undefined that matters; ISO strings for times) and small (ids and short values; one
 * over 8,000 bytes of JSON crosses in several notifications, one over 256 KiB does not cross at all).
 */
export interface DomainEvents {
  settingUpdated: { key: string; value: unknown };
  sessionRevoked: { userId: string; sessionId: string };
  /**
   * Something the signed-in user is made of changed (ban, ranks, a rank's permissions, profile): cached sessions
   * of that user, or of everyone when userId is absent, must be read again.
   */
  identityChanged: { userId?: string };
  /**
   * A user deleted their account (core/personal-data.ts): their rows now name `pseudonymId`. Caches that copied
   * their name or id (a list of orders, say) read again.
   */
  accountDeleted: { userId: string; pseudonymId: string };
  /**
   * A process's live gateway users (core/gateway/online-users.ts), so that onlineUsers lists every process's. An
   * empty list: none left, or the process is shutting down. `hello`: it just started and asks for everyone's list.
   */
  gatewayPresence: { node: string; users: OnlineUser[]; hello?: boolean };
}

export type EventName = keyof DomainEvents;
type Listener<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;
export type Forwarder = <K extends EventName>(event: K, payload: DomainEvents[K]) => void;

export class EventBus {
  #listeners = new Map<EventName, Set<Listener<never>>>();
  #forwarders = new Set<Forwarder>();
  #onError: (error: unknown, event: EventName) => void;

  constructor(onError: (error: unknown, event: EventName) => void = () => {}) {
    this.#onError = onError;
  }

  on<K extends EventName>(event: K, listener: Listener<K>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /** Calls every listener, then hands the event to each forwarder (the bridge to other processes). */
  publish<K extends EventName>(event: K, payload: DomainEvents[K]): void {
    this.deliver(event, payload);
    for (const forwarder of this.#forwarders) {
      try {
        forwarder(event, payload);
      } catch (error) {
        this.#onError(error, event);
      }
    }
  }

  /** Sends what this process publishes elsewhere too. */
  forward(forwarder: Forwarder): () => void {
    this.#forwarders.add(forwarder);
    return () => this.#forwarders.delete(forwarder);
  }

  /**
   * Calls every listener and nothing else: an event another process published arrives through here, so it is not
   * forwarded back. One failing listener never stops the others nor the publisher.
   */
  deliver<K extends EventName>(event: K, payload: DomainEvents[K]): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        const result = (listener as Listener<K>)(payload);
        if (result instanceof Promise) result.catch((error: unknown) => this.#onError(error, event));
      } catch (error) {
        this.#onError(error, event);
      }
    }
  }
}
