import { z } from 'zod';
import { AnswerIdSchema, snowflakeId } from '../shared/ids.ts';
import { AnswerMomentSchema } from '../shared/moments.ts';
import { text } from '../shared/text.ts';

/**
 * The audit log's contract, shared by the API, the service and the site (pure: no Node, no database).
 * An action is `<target type>.<what>[.<how>]`; a filter on `<type>.<what>` also finds `<type>.<what>.<how>`, a
 * filter on `<type>` every action about that type.
 *
 * Core names no action: each plugin declares its own, twice from one object in its `index.ts` (the example plugin
 * under tests/fixtures shows it): for the types, by declaration merging into `AuditActions` and
 * `AuditTargetTypes` (so `audit.record` accepts only declared actions), and for run time, in its definition's
 * `audit` (core/audit/catalogue.ts builds the filter's kinds and labels from every plugin's at start).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the plugins' declaration merging
export interface AuditActions {}
export type AuditAction = keyof AuditActions & string;

/** The kernel's own target type, users (core/auth owns them); plugins add theirs by declaration merging. */
export interface AuditTargetTypes {
  user: true;
}
export type AuditTargetType = keyof AuditTargetTypes & string;

/** What a plugin contributes to the audit log: its actions with the label the log shows, its target types. */
export interface AuditContribution {
  /**
   * Each action, `<target type>.<what>[.<how>]`, and its label in English (`Deleted an order`). The site words it in
   * other languages from the declaring plugin's own catalogue, key `audit.<action>` (a kind's: `auditKind.<kind>`).
   */
  actions: Readonly<Record<string, string>>;
  /** The target types its actions are about, when the kernel's (`user`) does not say it. */
  targetTypes?: readonly string[];
  /**
   * The audit log filter's words for the first part of its actions, a kind that covers each of them (`order` →
   * `Orders`), when the kernel's (`user`) does not name it. Each action's own label names the action's kind.
   */
  kinds?: Readonly<Record<string, string>>;
}

/** The target types core itself knows. */
export const CORE_AUDIT_TARGET_TYPES: readonly string[] = ['user'];

/** The filter's words for core's own kinds. */
export const CORE_AUDIT_KINDS: Readonly<Record<string, string>> = { user: 'Anything about users' };

/**
 * What MANAGE_SETTINGS without SUPER_ADMIN may read: the entries whose action starts with this kind (announcements
 * and the kitchen included). The specification ties that permission to these entries (core-knows-no-feature test:
 * KNOWN).
 */
export const SETTINGS_KIND = 'settings';

export const AUDIT_PAGE_SIZE = 50;

/** The kinds a filter offers: every action's target type, then every action (`<type>.<what>` covers `<type>.<what>.<how>`). */
export function auditKindsOf(actions: readonly string[]): string[] {
  return [...new Set([...actions.map((a) => a.split('.')[0]!), ...actions])];
}

/**
 * GET /api/client/admin/audit-log: every filter optional; dates are ISO 8601 (a bare date means its midnight, UTC).
 * `kinds`: the filter's kinds (auditKindsOf every declared action), known at start.
 */
export function auditLogQuerySchema(kinds: readonly string[]) {
  return z.strictObject({
    /** Who acted: a user ID. */
    actor: snowflakeId('User').optional(),
    /** On what: a user, rank, order or food lookup item ID, or a setting's key. */
    target: text().trim().min(1).max(64).optional(),
    /** A target type (`user`), an action or an action's prefix: see auditKindsOf. */
    action: z.enum(kinds as [string, ...string[]]).optional(),
    from: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
    /** Inclusive: a bare date covers that whole day. */
    until: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  });
}
export type AuditLogQuerySchema = ReturnType<typeof auditLogQuerySchema>;
export type AuditLogQuery = z.output<AuditLogQuerySchema>;

export interface AuditPerson {
  id: string;
  /** The name when the entry was written. */
  name: string;
}

export interface AuditEntryView {
  id: string;
  at: string;
  actor: AuditPerson;
  action: AuditAction;
  target: { type: AuditTargetType; id: string; name: string };
  /** The changed fields as they were; null when the target did not exist before (created). */
  before: Record<string, unknown> | null;
  /** The changed fields as they became; null when the target no longer exists (deleted, lifted). */
  after: Record<string, unknown> | null;
  reason: string | null;
}

export interface AuditLogResponse {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The audit log's answer (AuditLogResponse) as a schema: its actions and target types are those the plugins declared,
 * known at start like the query's kinds.
 */
export function auditLogResponseSchema(actions: readonly string[], targetTypes: readonly string[]) {
  const person = z.strictObject({ id: AnswerIdSchema, name: z.string() });
  const entry = z.strictObject({
    id: AnswerIdSchema,
    at: AnswerMomentSchema,
    actor: person,
    action: z.enum(actions as [string, ...string[]]),
    target: z.strictObject({ type: z.enum(targetTypes as [string, ...string[]]), id: z.string(), name: z.string() }),
    /** The changed fields as they were; null when the target did not exist before (created). */
    before: z.record(z.string(), z.unknown()).nullable(),
    /** The changed fields as they became; null when the target no longer exists (deleted, lifted). */
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
  });
  return z.strictObject({
    entries: z.array(entry),
    total: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  });
}
