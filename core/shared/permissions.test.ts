import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  hasAll,
  hasAny,
  meets,
  PERMISSION_NAMES,
  PERMISSIONS,
  permissionNames,
  toBits,
} from './permissions.ts';

const grants = (permissions: (keyof typeof PERMISSIONS)[], perks: string[] = []) => ({
  permissions: toBits(permissions),
  perks,
});

describe('permission bits', () => {
  it('gives every permission of the specification its own bit', () => {
    expect(PERMISSION_NAMES).toHaveLength(18);
    const bits = Object.values(PERMISSIONS);
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(bit & (bit - 1)).toBe(0);
    expect(permissionNames(ALL_PERMISSIONS)).toEqual(PERMISSION_NAMES);
  });

  it('checks all-of and any-of', () => {
    const bits = toBits(['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP']);
    expect(hasAll(bits, ['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP'])).toBe(true);
    expect(hasAll(bits, ['MANAGE_ORDERS', 'MANAGE_USERS'])).toBe(false);
    expect(hasAny(bits, ['MANAGE_USERS', 'VIEW_FOOD_LOOKUP'])).toBe(true);
    expect(hasAny(bits, ['MANAGE_USERS', 'MANAGE_RANKS'])).toBe(false);
  });

  it('lets SUPER_ADMIN pass every check', () => {
    const admin = grants(['SUPER_ADMIN']);
    expect(hasAll(admin.permissions, ['MANAGE_USERS', 'MANAGE_RANKS'])).toBe(true);
    expect(meets(admin, { perks: ['FEEDBACK_BETA'] })).toBe(true);
    expect(meets(admin, { all: ['MANAGE_SETTINGS'], perks: ['DELIVERY_MESSAGE_BETA'] })).toBe(true);
  });
});

describe('meets (the hasPermissions rule)', () => {
  it('with permissions only: all of them', () => {
    expect(meets(grants(['MANAGE_USERS']), { all: ['MANAGE_USERS'] })).toBe(true);
    expect(meets(grants(['MANAGE_USERS']), { all: ['MANAGE_USERS', 'MANAGE_RANKS'] })).toBe(false);
    expect(meets(grants([]), { all: ['MANAGE_USERS'] })).toBe(false);
  });

  it('with perks only: all of them', () => {
    expect(meets(grants([], ['FEEDBACK_BETA']), { perks: ['FEEDBACK_BETA'] })).toBe(true);
    expect(meets(grants([], ['FEEDBACK_BETA']), { perks: ['FEEDBACK_BETA', 'DELIVERY_MESSAGE_BETA'] })).toBe(false);
    expect(meets(grants(['MANAGE_USERS']), { perks: ['FEEDBACK_BETA'] })).toBe(false);
  });

  it('with both: ALL permissions OR ALL perks', () => {
    const requirement = { all: ['VIEW_BACKLOG', 'MANAGE_ORDERS'], perks: ['FEEDBACK_BETA'] } as const;
    expect(meets(grants(['VIEW_BACKLOG', 'MANAGE_ORDERS']), requirement)).toBe(true);
    expect(meets(grants([], ['FEEDBACK_BETA']), requirement)).toBe(true);
    expect(meets(grants(['VIEW_BACKLOG']), requirement)).toBe(false);
    expect(meets(grants(['VIEW_BACKLOG'], ['DELIVERY_MESSAGE_BETA']), requirement)).toBe(false);
  });

  it('with any-of: at least one, combined with all-of', () => {
    expect(meets(grants(['MANAGE_ANNOUNCEMENT']), { any: ['MANAGE_SETTINGS', 'MANAGE_ANNOUNCEMENT'] })).toBe(true);
    expect(meets(grants(['MANAGE_ORDERS']), { any: ['MANAGE_SETTINGS', 'MANAGE_ANNOUNCEMENT'] })).toBe(false);
    expect(
      meets(grants(['MANAGE_ORDERS', 'MANAGE_USERS']), {
        all: ['MANAGE_ORDERS'],
        any: ['MANAGE_USERS', 'MANAGE_RANKS'],
      }),
    ).toBe(true);
    expect(meets(grants(['MANAGE_ORDERS']), { all: ['MANAGE_ORDERS'], any: ['MANAGE_USERS', 'MANAGE_RANKS'] })).toBe(
      false,
    );
  });

  it('with both: the permissions and the perks (the Report Manager)', () => {
    const rule = { all: ['VIEW_BACKLOG'], perks: ['FEEDBACK_BETA'], both: true } as const;
    expect(meets(grants(['VIEW_BACKLOG'], ['FEEDBACK_BETA']), rule)).toBe(true);
    expect(meets(grants(['VIEW_BACKLOG']), rule)).toBe(false);
    expect(meets(grants([], ['FEEDBACK_BETA']), rule)).toBe(false);
    expect(meets(grants(['SUPER_ADMIN']), rule)).toBe(true);
  });

  it('with nothing declared: any signed-in user', () => {
    expect(meets(grants([]), {})).toBe(true);
  });
});
