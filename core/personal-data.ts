import { wrap } from '@mikro-orm/core';
import { AuditEntrySchema } from './audit/entities.ts';
import { SessionSchema, type User, UserSchema } from './auth/entities.ts';
import { authText } from './auth/i18n/index.ts';
import { lockRow } from './db/locks.ts';
import type { Em, Orm } from './db/orm.ts';
import type { EventBus } from './events.ts';
import { localizedError } from './i18n/catalogue.ts';
import { newId } from './ids.ts';
import { isBanActive } from './shared/ban.ts';

/**
 * Users own their data (issue 44, docs/my-data.md): every plugin says what it holds about a user and how to erase it,
 * through its definition's `personalData`. Core names no feature: it keeps its own tables' part (the identity row,
 * sessions, the audit log) and calls each plugin's contribution in plugin order.
 */

/** Who is being erased, and the pseudonym their records others rely on move to. */
export interface Erasure {
  /** The user's Discord id. */
  userId: string;
  /**
   * A new `users` row minted for this erasure ("Deleted user", no personal field): records others rely on (a plugin's
   * history, the audit log) are moved to it, so they stay consistent with each other and name nobody.
   */
  pseudonymId: string;
  /**
   * The names the user went by (username, display name): a plugin whose rows about others copied one into free text
   * (a gift's ledger line, a notice) replaces it with `DELETED_USER_NAME` (`scrubNames`).
   */
  names: string[];
}

/** A plugin's part of a user's data (`definePlugin({ personalData })`). */
export interface PersonalDataContribution {
  /** Its section of the user's export: JSON-safe, read through `em` only (the export's one transaction). */
  exportFor(userId: string, em: Em): Promise<Record<string, unknown>>;
  /**
   * Runs before the erasure's transaction, outside it (cancelling at an outside service): a throw refuses the deletion
   * and nothing is changed.
   */
  beforeErase?(userId: string): Promise<void>;
  /**
   * Erases its rows about the user, or moves them to `erasure.pseudonymId`, through `em` only (the erasure's one
   * transaction: all or nothing).
   */
  eraseFor?(erasure: Erasure, em: Em): Promise<void>;
  /**
   * Asked after every `eraseFor`: the plugin keeps a row keyed by the user's Discord id that must outlive the account
   * (a refusal that must still apply to that id), so core keeps the identity row, stripped of every personal field,
   * for that row to name.
   */
  keepsIdentity?(userId: string, em: Em): Promise<boolean>;
}

export interface RegisteredContribution extends PersonalDataContribution {
  /** The plugin's name: its section's key in the export. */
  name: string;
}

/** The name every pseudonym and every stripped identity row carries. */
export const DELETED_USER_NAME = 'Deleted user';

/** A user's data as one JSON document: core's sections, then each plugin's under its name. */
export interface PersonalDataExport {
  exportedAt: string;
  userId: string;
  account: Record<string, unknown>;
  /** When each open session began and ends (never its token's hash). */
  sessions: { createdAt: string; expiresAt: string }[];
  auditEntries: Record<string, unknown>[];
  plugins: Record<string, Record<string, unknown>>;
}

export interface ErasureResult extends Erasure {
  /** The identity row stayed (a ban, or a plugin's `keepsIdentity`), stripped to the Discord id and the ban. */
  identityKept: boolean;
  /** The sessions ended (their `sessionRevoked` events go out after the commit). */
  sessionIds: string[];
}

/** Entities as plain JSON-safe rows (a relation as its key): the usual body of an `exportFor`. */
export function plainRows(rows: readonly object[]): Record<string, unknown>[] {
  return rows.map((row) => wrap(row).toObject() as Record<string, unknown>);
}

/** A `$like` pattern for text containing `value` (its `%`, `_` and `\\` taken literally). */
export function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `text` with every one of the erased user's names, standing as a word of its own (not inside another word: a user
 * named `al` leaves "already" alone), replaced by `DELETED_USER_NAME`.
 */
export function scrubNames(text: string, names: readonly string[]): string {
  return names.reduce((scrubbed, name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return scrubbed.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'gu'), DELETED_USER_NAME);
  }, text);
}

/** A changed-fields snapshot with the user's id and names replaced (its JSON text, names as JSON writes them). */
function scrubSnapshot(
  value: Record<string, unknown> | null | undefined,
  { userId, pseudonymId, names }: Erasure,
): Record<string, unknown> | null {
  if (!value) return null;
  const json = scrubNames(
    JSON.stringify(value).replaceAll(userId, pseudonymId),
    names.map((name) => JSON.stringify(name).slice(1, -1)),
  );
  return JSON.parse(json) as Record<string, unknown>;
}

/**
 * The audit log outlives the account: entries by or about the user name the pseudonym ("Deleted user"), in their
 * names and in the before and after they recorded.
 */
async function pseudonymiseAudit(em: Em, erasure: Erasure): Promise<void> {
  const { userId, pseudonymId } = erasure;
  const entries = await em.find(AuditEntrySchema, {
    $or: [{ actorId: userId }, { targetId: userId, targetType: 'user' }],
  });
  for (const entry of entries) {
    if (entry.actorId === userId) Object.assign(entry, { actorId: pseudonymId, actorName: DELETED_USER_NAME });
    if (entry.targetId === userId) Object.assign(entry, { targetId: pseudonymId, targetName: DELETED_USER_NAME });
    entry.before = scrubSnapshot(entry.before, erasure);
    entry.after = scrubSnapshot(entry.after, erasure);
  }
  await em.flush();
}

/** The identity row's fields that stay when an account is deleted but a ban or a plugin keeps it. */
function strippedIdentity(): Partial<User> {
  return {
    username: DELETED_USER_NAME,
    displayName: null,
    discriminator: '0',
    avatar: null,
    permissions: 0,
    grantedPerks: [],
    manualPerks: [],
    flags: 0,
    settings: null,
  };
}

/**
 * The registry of contributions and the kernel's part. The plugin that owns the routes calls `exportFor` and
 * `erase`; every plugin that holds rows about a user contributes (core/plugin.ts `personalData`).
 */
export class PersonalData {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #now: () => number;
  #contributions: readonly RegisteredContribution[] = [];

  constructor(orm: Orm, events: EventBus, now: () => number = Date.now) {
    this.#orm = orm;
    this.#events = events;
    this.#now = now;
  }

  /** Set once, by `createServices`, after every service is built. */
  register(contributions: readonly RegisteredContribution[]): void {
    this.#contributions = contributions;
  }

  get contributors(): readonly string[] {
    return this.#contributions.map((c) => c.name);
  }

  /** Everything held about the user, read in one transaction so the sections agree. Null: no such user. */
  async exportFor(userId: string): Promise<PersonalDataExport | null> {
    return this.#orm.em.fork().transactional(async (em) => {
      const user = await em.findOne(UserSchema, { id: userId });
      if (!user) return null;
      const account = wrap(user).toObject() as Record<string, unknown>;
      const auditEntries = plainRows(
        await em.find(
          AuditEntrySchema,
          { $or: [{ actorId: userId }, { targetId: userId }] },
          { orderBy: { at: 'asc' } },
        ),
      );
      const sessions = (await em.find(SessionSchema, { user: userId }, { orderBy: { createdAt: 'asc' } })).map((s) => ({
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      }));
      const plugins: Record<string, Record<string, unknown>> = {};
      for (const contribution of this.#contributions)
        plugins[contribution.name] = await contribution.exportFor(userId, em);
      return { exportedAt: new Date(this.#now()).toISOString(), userId, account, sessions, auditEntries, plugins };
    });
  }

  /**
   * Deletes the account: each contribution's `beforeErase` first (a throw refuses, nothing changed), then one
   * transaction under the user's row lock: the pseudonym minted, every plugin's `eraseFor`, the audit log's entries
   * moved to the pseudonym, sessions ended, the identity row deleted (or stripped, when a ban or a plugin keeps it),
   * and `inTransaction` (the caller's audit entry). After the commit: `sessionRevoked` for each session (which closes
   * the user's live sockets), `identityChanged` and `accountDeleted`.
   */
  async erase(userId: string, inTransaction?: (em: Em, erasure: Erasure) => Promise<void>): Promise<ErasureResult> {
    for (const contribution of this.#contributions) await contribution.beforeErase?.(userId);
    const result = await this.#orm.em.fork().transactional(async (em) => {
      if (!(await lockRow(em, UserSchema, userId))) throw localizedError(authText, 'not_found', 'refusal.userNotFound');
      const user = await em.findOneOrFail(UserSchema, { id: userId });
      const names = [...new Set([user.displayName, user.username])].filter((n): n is string => Boolean(n?.trim()));
      // Longest first: a display name holding the username is replaced whole.
      names.sort((a, b) => b.length - a.length);
      const erasure: Erasure = { userId, pseudonymId: newId(this.#now()), names };
      em.create(UserSchema, { id: erasure.pseudonymId, username: DELETED_USER_NAME, ban: { active: false } });
      await em.flush();
      // A ban in force survives (an ended one protects nobody).
      const { active, reason = null, expires = null } = user.ban;
      let keep = isBanActive({ active, reason, expires }, new Date(this.#now()));
      // Later plugins build on earlier ones' rows: they let go of theirs first.
      for (const contribution of [...this.#contributions].reverse()) await contribution.eraseFor?.(erasure, em);
      for (const contribution of this.#contributions) {
        if (await contribution.keepsIdentity?.(userId, em)) keep = true;
      }
      await pseudonymiseAudit(em, erasure);
      // A ban they gave names the pseudonym (the banned user's row is not theirs to erase).
      await em.nativeUpdate(UserSchema, { ban: { createdBy: userId } }, { ban: { createdBy: erasure.pseudonymId } });
      const sessions = await em.find(SessionSchema, { user: userId }, { fields: ['id'] });
      await em.nativeDelete(SessionSchema, { user: userId });
      if (keep) {
        em.assign(user, strippedIdentity());
        await em.flush();
      } else {
        await em.nativeDelete(UserSchema, { id: userId });
      }
      await inTransaction?.(em, erasure);
      return { ...erasure, identityKept: keep, sessionIds: sessions.map((s) => s.id) };
    });
    for (const sessionId of result.sessionIds) this.#events.publish('sessionRevoked', { userId, sessionId });
    this.#events.publish('identityChanged', { userId });
    this.#events.publish('accountDeleted', { userId, pseudonymId: result.pseudonymId });
    return result;
  }
}
