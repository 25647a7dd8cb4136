import { hash, randomBytes } from 'node:crypto';
import type { Em, Orm } from '../db/orm.ts';
import type { EventBus } from '../events.ts';
import type { BanInfo } from '../shared/ban.ts';
import { CurrentUserReader } from './current-user-sql.ts';
import { SessionSchema, UserSchema, type UserSettings } from './entities.ts';
import { type HeldRanksSource, NO_HELD_RANKS } from './held-ranks.ts';
import type { AuthDb } from './sql.ts';

/** The sessions table as Kysely sees it (core/auth/sql.ts). */
const sessionsSql = (em: Em) => em.getKysely<Pick<AuthDb, 'sessions'>>();

export const SESSION_COOKIE = 'VD_SESSION';
export const SESSION_TTL_MS = 31 * 24 * 60 * 60 * 1000;

export interface RankSummary {
  id: string;
  name: string;
  position: number;
  colour: string;
  canResign: boolean;
}

/** The signed-in user as guards, handlers and pages see them: effective permissions and perks already merged. */
export interface CurrentUser {
  id: string;
  username: string;
  displayName: string | null;
  discriminator: string;
  avatar: string | null;
  /** Own permissions OR every rank's. */
  permissions: number;
  perks: string[];
  flags: number;
  /** Highest position first. */
  ranks: RankSummary[];
  ban: BanInfo | null;
  settings: UserSettings;
  createdAt: Date;
}

export interface ValidSession {
  id: string;
  expiresAt: Date;
  /** True when validation extended the expiry: the cookie must be sent again. */
  renewed: boolean;
  user: CurrentUser;
}

export function hashToken(token: string): string {
  // The one-shot hash: no Hash object per request (about 0.7 µs against 1.7 µs here).
  return hash('sha256', token, 'hex');
}

/** How long a validated session is trusted from memory when no event said it changed (see validate). */
export const SESSION_CACHE_TTL_MS = 10_000;
const SESSION_CACHE_MAX = 10_000;
/** Sessions read in one query at most (the rest of a larger batch go in the next). */
const SESSION_BATCH_MAX = 500;
/**
 * A read that would start within this many ms of the last one's end waits this long first, so that a storm's
 * sessions are read in batches even on the embedded database, whose reads block the event loop (nothing joins a
 * batch while it runs): at most one read per window under load, a lone request read at once.
 */
export const SESSION_BATCH_WINDOW_MS = 4;

export interface SessionServiceOptions {
  /** The clock (ms since the epoch): Date.now, or a test's. */
  now?: () => number;
  /** See SESSION_BATCH_WINDOW_MS. */
  batchWindowMs?: number;
  /** The permission port as the plugins fill it (core/auth/held-ranks.ts): what gives users their ranks. */
  heldRanks?: HeldRanksSource;
}

/** A session as read and cached: not renewed by this request (validate says so when it renews one). */
type StoredSession = ValidSession & { renewed: false };

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * Sessions the way the Lucia guide teaches: a random token goes to the client, only its SHA-256 is stored;
 * 31 days, renewed when less than half remains; deleted on logout.
 */
export class SessionService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #now: () => number;
  /** Session hash → the session as last read, and when. Insertion order doubles as age for eviction. */
  readonly #cache = new Map<string, { session: StoredSession; at: number }>();
  /**
   * Session ids asked for and not cached, waiting to be read together in one query. One read runs at a time: what
   * is asked for while it runs waits for the next, so a reconnect storm (thousands of identifies arriving over a
   * second or two) is read in a few large batches rather than hundreds of small ones, and a lone request is read
   * at once.
   */
  #batch: Map<string, ((session: StoredSession | null, error?: unknown) => void)[]> = new Map();
  /** A read is under way or scheduled: new ids join #batch for the next one. */
  #reading = false;
  /** When the last read ended (performance.now()). */
  #lastRead = -Infinity;
  /** Counts the events that make cached sessions stale: a read that overlapped one is answered but not cached. */
  #generation = 0;
  readonly #batchWindowMs: number;
  readonly #reader: CurrentUserReader;

  constructor(orm: Orm, events: EventBus, options: SessionServiceOptions = {}) {
    this.#orm = orm;
    this.#batchWindowMs = options.batchWindowMs ?? SESSION_BATCH_WINDOW_MS;
    this.#events = events;
    this.#now = options.now ?? Date.now;
    this.#reader = new CurrentUserReader(options.heldRanks ?? NO_HELD_RANKS);
    events.on('sessionRevoked', ({ sessionId }) => {
      this.#generation++;
      this.#cache.delete(sessionId);
    });
    events.on('identityChanged', ({ userId }) => {
      this.#generation++;
      if (userId === undefined) return this.#cache.clear();
      for (const [id, entry] of this.#cache) if (entry.session.user.id === userId) this.#cache.delete(id);
    });
  }

  /**
   * The users with these ids that exist, as a session would show them (their ranks' permissions and perks merged), in
   * one prepared statement: the gateway's refresh, the bot's guard. Outside any transaction.
   */
  usersOf(ids: readonly string[]): Promise<Map<string, CurrentUser>> {
    return this.#reader.users(this.#orm, this.#orm.em.fork(), ids);
  }

  static generateToken(): string {
    return randomBytes(32).toString('base64url');
  }

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = SessionService.generateToken();
    const expiresAt = new Date(this.#now() + SESSION_TTL_MS);
    const em = this.#orm.em.fork();
    em.create(SessionSchema, { id: hashToken(token), user: em.getReference(UserSchema, userId), expiresAt });
    await em.flush();
    return { token, expiresAt };
  }

  /**
   * Every authenticated request comes through here, so a validated session is kept in memory. What could change
   * it is announced on the event bus (sessionRevoked, identityChanged), which drops the entry at once; the short
   * TTL bounds what another process's change, not yet bridged to this one, could leave stale.
   */
  async validate(token: string): Promise<ValidSession | null> {
    const known = this.validateCached(token);
    if (known !== undefined) return known;
    const id = hashToken(token);
    const now = this.#now();
    let session = this.#cached(id, now);
    if (!session) {
      const generation = this.#generation;
      const read = await this.#read(id);
      if (!read) return null;
      session = read;
      if (generation === this.#generation) this.#remember(session, now);
    }
    if (session.expiresAt.getTime() <= now) {
      this.#cache.delete(id);
      await this.#orm.em.fork().nativeDelete(SessionSchema, { id });
      return null;
    }
    if (session.expiresAt.getTime() - now < SESSION_TTL_MS / 2) {
      const expiresAt = new Date(now + SESSION_TTL_MS);
      await this.#orm.em.fork().nativeUpdate(SessionSchema, { id }, { expiresAt });
      session = { ...session, expiresAt };
      this.#remember(session, now);
      return { ...session, renewed: true };
    }
    return session;
  }

  /**
   * validate's answer when it needs no database: null for a malformed token, the session when it is in memory and
   * needs no renewal. undefined: ask validate. Most authenticated requests end here, without a promise.
   */
  validateCached(token: string): ValidSession | null | undefined {
    if (!TOKEN.test(token)) return null;
    const now = this.#now();
    const session = this.#cached(hashToken(token), now);
    if (!session || session.expiresAt.getTime() - now < SESSION_TTL_MS / 2) return undefined;
    return session;
  }

  /** One session from the database, read with the others asked for meanwhile (see #batch). */
  #read(id: string): Promise<StoredSession | null> {
    return new Promise((resolve, reject) => {
      const answer = (session: StoredSession | null, error?: unknown) =>
        error === undefined ? resolve(session) : reject(error);
      const waiting = this.#batch.get(id);
      if (waiting) waiting.push(answer);
      else this.#batch.set(id, [answer]);
      if (!this.#reading) {
        this.#reading = true;
        // The rest of this turn's callers join the same read; when reads are coming back to back (a storm), the
        // next waits a few ms to gather more.
        if (performance.now() - this.#lastRead < this.#batchWindowMs)
          setTimeout(() => void this.#readBatches(), this.#batchWindowMs);
        else setImmediate(() => void this.#readBatches());
      }
    });
  }

  /** Reads what is waiting, SESSION_BATCH_MAX ids a query, until nothing is. */
  async #readBatches(): Promise<void> {
    while (this.#batch.size > 0) {
      const batch = this.#batch;
      this.#batch = new Map();
      const ids = [...batch.keys()];
      for (let i = 0; i < ids.length; i += SESSION_BATCH_MAX) {
        const chunk = ids.slice(i, i + SESSION_BATCH_MAX);
        try {
          const found = await this.#reader.sessions(this.#orm, this.#orm.em.fork(), chunk);
          for (const id of chunk) {
            const read = found.get(id);
            const session: StoredSession | null = read ? { ...read, renewed: false } : null;
            for (const answer of batch.get(id)!) answer(session);
          }
        } catch (error) {
          for (const id of chunk) for (const answer of batch.get(id)!) answer(null, error);
        }
      }
    }
    this.#reading = false;
    this.#lastRead = performance.now();
  }

  #cached(id: string, now: number): StoredSession | undefined {
    const entry = this.#cache.get(id);
    if (!entry) return undefined;
    if (now - entry.at >= SESSION_CACHE_TTL_MS || now < entry.at) {
      this.#cache.delete(id);
      return undefined;
    }
    return entry.session;
  }

  #remember(session: StoredSession, now: number): void {
    this.#cache.delete(session.id);
    this.#cache.set(session.id, { session, at: now });
    if (this.#cache.size > SESSION_CACHE_MAX) this.#cache.delete(this.#cache.keys().next().value!);
  }

  async invalidate(token: string): Promise<void> {
    await this.invalidateById(hashToken(token));
  }

  /** The delete decides (`delete … returning`): ended twice at once, a session is revoked once. */
  async invalidateById(sessionId: string): Promise<void> {
    const gone = await sessionsSql(this.#orm.em.fork())
      .deleteFrom('sessions')
      .where('id', '=', sessionId)
      .returning('user_id')
      .executeTakeFirst();
    if (gone) this.#events.publish('sessionRevoked', { userId: gone.user_id, sessionId });
  }

  async belongsTo(sessionId: string, userId: string): Promise<boolean> {
    return (await this.#orm.em.fork().count(SessionSchema, { id: sessionId, user: userId })) > 0;
  }

  async invalidateAllForUser(userId: string): Promise<number> {
    // What was deleted, not what was read before: a session created in between is revoked and announced too.
    const gone = await sessionsSql(this.#orm.em.fork())
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .returning('id')
      .execute();
    for (const s of gone) this.#events.publish('sessionRevoked', { userId, sessionId: s.id });
    return gone.length;
  }
}
