import type { FilterQuery } from '@mikro-orm/core';
import { insufficientPermissions } from '../auth/guards.ts';
import type { Em, Orm } from '../db/orm.ts';
import { newId } from '../ids.ts';
import { type Grants, hasAll, isSuperAdmin } from '../shared/permissions.ts';
import type { AuditCatalogue } from './catalogue.ts';
import { type AuditEntry, AuditEntrySchema } from './entities.ts';
import {
  type AuditAction,
  type AuditEntryView,
  type AuditLogQuery,
  type AuditLogResponse,
  type AuditTargetType,
  SETTINGS_KIND,
} from './schemas.ts';

/** Who acted: a signed-in user (CurrentUser fits) or the bot acting for one. */
export interface AuditActor {
  id: string;
  username: string;
  displayName: string | null;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string; name: string };
  /** The changed fields as they were (null: nothing existed). Only what changed is enough. */
  before?: Record<string, unknown> | null;
  /** The changed fields as they became (null: nothing is left). */
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

export const nameOf = (person: { username: string; displayName?: string | null }) =>
  person.displayName || person.username;

/** The fields of `after` whose values differ from `before`'s, as two objects: what an entry keeps of an edit. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}

function toView(row: AuditEntry): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName },
    action: row.action as AuditAction,
    target: { type: row.targetType as AuditTargetType, id: row.targetId, name: row.targetName },
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason ?? null,
  };
}

/** `kind` and every action under it: `<type>.<what>` is itself and every `<type>.<what>.<how>`. */
const ofKind = (kind: string): FilterQuery<AuditEntry> => ({
  $or: [{ action: kind }, { action: { $like: `${kind}.%` } }],
});

/** A bare date as a bound: `from` its midnight, `until` the midnight after it (UTC). */
function bound(value: string, end: boolean): Date {
  if (value.length !== 10) return new Date(value);
  const day = new Date(`${value}T00:00:00Z`);
  return end ? new Date(day.getTime() + 86_400_000) : day;
}

/**
 * The kernel's audit log. Every admin write calls `record(em, …)` with the EntityManager of its own transaction,
 * after its checks and before it commits: the entry is inserted at once, so an entry that cannot be written fails
 * the write with it, and a write that fails leaves no entry. Reading: `list` for the audit log screen (SUPER_ADMIN
 * sees every entry, MANAGE_SETTINGS the settings entries), `aboutUser` for a user's profile.
 */
export class AuditLog {
  readonly #orm: Orm;
  readonly #now: () => number;
  /** Every action the plugins declared (core/audit/catalogue.ts): the filter's kinds, the labels, the query schema. */
  readonly catalogue: AuditCatalogue;

  constructor(orm: Orm, catalogue: AuditCatalogue, now: () => number = Date.now) {
    this.#orm = orm;
    this.catalogue = catalogue;
    this.#now = now;
  }

  async record(em: Em, entry: AuditRecord): Promise<void> {
    // Outside the write's transaction the entry and the write could part: one committed, the other not.
    if (!em.isInTransaction()) throw new Error('audit.record must run inside the transaction of the write it records');
    await em.insert(AuditEntrySchema, {
      id: newId(),
      at: new Date(this.#now()),
      actorId: entry.actor.id,
      actorName: nameOf(entry.actor).slice(0, 64),
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id.slice(0, 64),
      targetName: entry.target.name.slice(0, 100),
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
    });
  }

  /** GET /api/client/admin/audit-log: newest first, filtered and paged in the database, within what `viewer` may read. */
  async list(viewer: Grants, query: AuditLogQuery): Promise<AuditLogResponse> {
    const where: FilterQuery<AuditEntry>[] = [];
    if (!isSuperAdmin(viewer.permissions)) {
      if (!hasAll(viewer.permissions, ['MANAGE_SETTINGS'])) throw insufficientPermissions();
      where.push(ofKind(SETTINGS_KIND));
    }
    if (query.actor) where.push({ actorId: query.actor });
    if (query.target) where.push({ targetId: query.target });
    if (query.action) where.push(ofKind(query.action));
    if (query.from) where.push({ at: { $gte: bound(query.from, false) } });
    if (query.until)
      where.push({
        at: query.until.length === 10 ? { $lt: bound(query.until, true) } : { $lte: bound(query.until, true) },
      });
    const [rows, total] = await this.#orm.em
      .fork()
      .findAndCount(AuditEntrySchema, where.length ? { $and: where } : {}, {
        orderBy: { at: 'desc', id: 'desc' },
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
    return { entries: rows.map(toView), total, page: query.page, pageSize: query.pageSize };
  }

  /** The latest entries about one user (their profile, for user managers), newest first. */
  async aboutUser(userId: string, limit = 20): Promise<AuditEntryView[]> {
    const rows = await this.#orm.em
      .fork()
      .find(AuditEntrySchema, { targetType: 'user', targetId: userId }, { orderBy: { at: 'desc', id: 'desc' }, limit });
    return rows.map(toView);
  }
}
