/**
 * Permission bit flags for every permission the specification names. A user's effective permissions are the OR of
 * their ranks' permissions and their own. SUPER_ADMIN passes every check. Pure module: server, site and bot share it.
 */
export const PERMISSIONS = {
  VIEW_STAFF_DASHBOARD: 1 << 0,
  MANAGE_ORDERS: 1 << 1,
  VIEW_FOOD_LOOKUP: 1 << 2,
  VIEW_OWN_ACHIEVEMENTS: 1 << 3,
  VIEW_MANAGEMENT_STATISTICS: 1 << 4,
  MANAGE_MANAGEMENT_STATISTICS: 1 << 5,
  MANAGE_ON_LEAVE_REQUESTS: 1 << 6,
  SUBMIT_ON_LEAVE_REQUEST: 1 << 7,
  VIEW_BACKLOG: 1 << 8,
  VIEW_RECRUITMENT_RESPONSE: 1 << 9,
  RECRUITMENT_MANAGER: 1 << 10,
  MANAGE_APPEALS: 1 << 11,
  MANAGE_TEAMS: 1 << 12,
  MANAGE_USERS: 1 << 13,
  MANAGE_RANKS: 1 << 14,
  SUPER_ADMIN: 1 << 15,
  MANAGE_SETTINGS: 1 << 16,
  MANAGE_ANNOUNCEMENT: 1 << 17,
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];
export const ALL_PERMISSIONS = PERMISSION_NAMES.reduce((bits, name) => bits | PERMISSIONS[name], 0);

export const PERKS = ['FEEDBACK_BETA', 'DELIVERY_MESSAGE_BETA'] as const;
export type Perk = (typeof PERKS)[number];

/** What a permission check needs to know about a user. */
export interface Grants {
  permissions: number;
  perks: readonly string[];
}

export function toBits(names: readonly Permission[]): number {
  return names.reduce((bits, name) => bits | PERMISSIONS[name], 0);
}

export function permissionNames(bits: number): Permission[] {
  return PERMISSION_NAMES.filter((name) => (bits & PERMISSIONS[name]) !== 0);
}

export function isSuperAdmin(bits: number): boolean {
  return (bits & PERMISSIONS.SUPER_ADMIN) !== 0;
}

export function hasAll(bits: number, names: readonly Permission[]): boolean {
  if (isSuperAdmin(bits)) return true;
  const wanted = toBits(names);
  return (bits & wanted) === wanted;
}

export function hasAny(bits: number, names: readonly Permission[]): boolean {
  if (isSuperAdmin(bits) || names.length === 0) return true;
  return (bits & toBits(names)) !== 0;
}

export function hasPerks(perks: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((perk) => perks.includes(perk));
}

/** A route's or a screen's requirement, as the specification's hasPermissions guard reads it. */
export interface Requirement {
  all?: readonly Permission[];
  any?: readonly Permission[];
  perks?: readonly Perk[];
  /**
   * With permissions and perks both declared: both are needed (the sidebar's "perk X and Y"), not either. The
   * Report Manager's route, page and sidebar entry say so, because its perk is one anyone may hold (FEEDBACK_BETA is
   * sold in the store) and it guards staff data: docs/reports.md.
   */
  both?: boolean;
}

/**
 * The hasPermissions rule: with permissions and perks both declared, ALL permissions OR ALL perks pass (both with
 * `both`);
 * with one kind, all of that kind (any-of lists: at least one). SUPER_ADMIN passes every check.
 */
export function meets(grants: Grants, requirement: Requirement): boolean {
  if (isSuperAdmin(grants.permissions)) return true;
  const declaresPermissions = Boolean(requirement.all?.length || requirement.any?.length);
  const declaresPerks = Boolean(requirement.perks?.length);
  const permissionsPass =
    hasAll(grants.permissions, requirement.all ?? []) && hasAny(grants.permissions, requirement.any ?? []);
  const perksPass = hasPerks(grants.perks, requirement.perks ?? []);
  if (declaresPermissions && declaresPerks)
    return requirement.both ? permissionsPass && perksPass : permissionsPass || perksPass;
  if (declaresPerks) return perksPass;
  return permissionsPass;
}
