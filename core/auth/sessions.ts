import { createHash, randomBytes } from 'node:crypto';
import type { Orm } from '../db/orm.ts';
import type { EventBus } from '../events.ts';
import type { BanInfo } from '../shared/ban.ts';
import { SessionSchema, UserSchema, type User } from './entities.ts';

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
}

export interface ValidSession {
  id: string;
  expiresAt: Date;
  /** True when validation extended the expiry: the cookie must be sent again. */
  renewed: boolean;
  user: CurrentUser;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toCurrentUser(user: User): CurrentUser {
  const ranks = user.ranks
    .getItems()
    .map((r) => ({ id: r.id, name: r.name, position: r.position, colour: r.colour, canResign: r.canResign, permissions: r.permissions, perks: r.perks }))
    .sort((a, b) => b.position - a.position);
  const perks = new Set<string>(user.perks);
  let permissions = user.permissions;
  for (const rank of ranks) {
    permissions |= rank.permissions;
    for (const perk of rank.perks) perks.add(perk);
  }
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName ?? null,
    discriminator: user.discriminator,
    avatar: user.avatar ?? null,
    permissions,
    perks: [...perks],
    flags: user.flags,
    ranks: ranks.map(({ id, name, position, colour, canResign }) => ({ id, name, position, colour, canResign })),
    ban: user.ban.active ? { active: true, reason: user.ban.reason ?? null, expires: user.ban.expires ?? null } : null,
  };
}

/**
 * Sessions the way the Lucia guide teaches: a random token goes to the client, only its SHA-256 is stored;
 * 31 days, renewed when less than half remains; deleted on logout.
 */
export class SessionService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #now: () => number;

  constructor(orm: Orm, events: EventBus, now: () => number = Date.now) {
    this.#orm = orm;
    this.#events = events;
    this.#now = now;
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

  async validate(token: string): Promise<ValidSession | null> {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
    const id = hashToken(token);
    const em = this.#orm.em.fork();
    const session = await em.findOne(SessionSchema, { id }, { populate: ['user', 'user.ranks'] });
    if (!session) return null;
    const now = this.#now();
    if (session.expiresAt.getTime() <= now) {
      await em.nativeDelete(SessionSchema, { id });
      return null;
    }
    let renewed = false;
    if (session.expiresAt.getTime() - now < SESSION_TTL_MS / 2) {
      const expiresAt = new Date(now + SESSION_TTL_MS);
      await em.nativeUpdate(SessionSchema, { id }, { expiresAt });
      session.expiresAt = expiresAt;
      renewed = true;
    }
    return { id, expiresAt: session.expiresAt, renewed, user: toCurrentUser(session.user) };
  }

  async invalidate(token: string): Promise<void> {
    await this.invalidateById(hashToken(token));
  }

  async invalidateById(sessionId: string): Promise<void> {
    const em = this.#orm.em.fork();
    const session = await em.findOne(SessionSchema, { id: sessionId });
    if (!session) return;
    await em.nativeDelete(SessionSchema, { id: sessionId });
    this.#events.publish('sessionRevoked', { userId: session.user.id, sessionId });
  }

  async belongsTo(sessionId: string, userId: string): Promise<boolean> {
    return (await this.#orm.em.fork().count(SessionSchema, { id: sessionId, user: userId })) > 0;
  }

  async invalidateAllForUser(userId: string): Promise<number> {
    const em = this.#orm.em.fork();
    const sessions = await em.find(SessionSchema, { user: userId }, { fields: ['id'] });
    const deleted = await em.nativeDelete(SessionSchema, { user: userId });
    for (const s of sessions) this.#events.publish('sessionRevoked', { userId, sessionId: s.id });
    return deleted;
  }
}
