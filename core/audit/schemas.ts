import { z } from 'zod';
import { snowflakeId } from '../shared/ids.ts';
import { text } from '../shared/text.ts';

/**
 * The audit log's contract, shared by the API, the service and the site (pure: no Node, no database).
 * An action is `<target type>.<what>[.<how>]`; a filter on `user.ban` also finds `user.ban.update` and
 * `user.ban.remove`, a filter on `user` every action about users.
 */
export const AUDIT_ACTIONS = {
  'user.ban': 'Banned a user',
  'user.ban.update': 'Changed a ban',
  'user.ban.remove': 'Lifted a ban',
  'user.ranks.update': 'Changed ranks',
  'user.staff.remove': 'Removed from staff',
  'user.warn': 'Warned a user',
  'user.blacklist': 'Changed the order blacklist',
  'user.update': "Edited someone's profile",
  'user.sync': "Synced someone's profile with Discord",
  'user.leave.create': 'Put someone on leave',
  'user.leave.decide': 'Decided a leave request',
  'user.leave.cancel': "Cancelled someone's leave",
  'user.coins': "Adjusted someone's coins",
  'user.team.update': "Changed someone's team",
  'rank.create': 'Created a rank',
  'rank.update': 'Edited a rank',
  'rank.reorder': 'Reordered the ranks',
  'rank.delete': 'Deleted a rank',
  'settings.update': 'Changed a setting',
  'settings.store.create': 'Added a store item',
  'settings.store.update': 'Edited a store item',
  'settings.store.restock': 'Restocked a store item',
  'settings.store.delete': 'Deleted a store item',
  'settings.store.fulfil': 'Fulfilled a store purchase',
  'order.delete': 'Deleted an order',
  'foodLookup.create': 'Added a food lookup item',
  'foodLookup.update': 'Edited a food lookup item',
  'foodLookup.delete': 'Deleted a food lookup item',
  'appeal.vote': 'Voted on an appeal',
  'appeal.decide': 'Decided an appeal',
  'recruitmentForm.create': 'Created a recruitment form',
  'recruitmentForm.update': 'Edited a recruitment form',
  'recruitmentForm.delete': 'Deleted a recruitment form',
  'application.status': "Changed an application's status",
  'team.create': 'Created a team',
  'team.update': 'Edited a team',
  'team.delete': 'Deleted a team',
  'team.reset': "Reset a team's orders",
  'report.complete': 'Completed an order report',
  'deliveryMessage.update': "Edited someone's premade message",
  'deliveryMessage.delete': "Deleted someone's premade message",
  'statistics.delete': "Deleted a member's weekly statistics",
  'objective.create': 'Created an objective',
  'objective.delete': 'Deleted an objective',
  'objective.fulfil': 'Fulfilled an objective reward',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_LIST = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const AUDIT_TARGET_TYPES = [
  'user',
  'rank',
  'setting',
  'order',
  'foodLookup',
  'appeal',
  'recruitmentForm',
  'application',
  'team',
  'report',
  'deliveryMessage',
  'objective',
  'storeItem',
  'storePurchase',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The kinds a filter offers: every target type, then every action (`user.ban` covers its update and removal). */
export const AUDIT_KINDS: readonly string[] = [
  ...new Set([...AUDIT_ACTION_LIST.map((a) => a.split('.')[0]!), ...AUDIT_ACTION_LIST]),
];

/** What MANAGE_SETTINGS without SUPER_ADMIN may read: the settings entries (announcements and the kitchen included). */
export const SETTINGS_KIND = 'settings';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/client/admin/audit-log: every filter optional; dates are ISO 8601 (a bare date means its midnight, UTC). */
export const AuditLogQuerySchema = z.strictObject({
  /** Who acted: a user ID. */
  actor: snowflakeId('User').optional(),
  /** On what: a user, rank, order or food lookup item ID, or a setting's key. */
  target: text().trim().min(1).max(64).optional(),
  /** A target type (`user`), an action (`user.ban`) or an action's prefix: see AUDIT_KINDS. */
  action: z.enum(AUDIT_KINDS as [string, ...string[]]).optional(),
  from: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  /** Inclusive: a bare date covers that whole day. */
  until: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

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
