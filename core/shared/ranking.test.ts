import { describe, expect, it } from 'vitest';
import { toBits } from './permissions.ts';
import { highestPosition, mayGrant, mayGrantPermissions, mayGrantPosition, outranks } from './ranking.ts';

const at = (...positions: number[]) => ({ ranks: positions.map((position) => ({ position })) });
const manager = { ...at(50, 10), permissions: toBits(['MANAGE_USERS']) };

describe('the rank ladder', () => {
  it('takes the highest of any order of ranks', () => {
    expect(highestPosition(at(3, 90, 40))).toBe(90);
    expect(highestPosition(at())).toBe(Number.NEGATIVE_INFINITY);
  });

  it('a manager outranks only those whose highest rank is below their own', () => {
    expect(outranks(manager, at(40))).toBe(true);
    expect(outranks(manager, at())).toBe(true);
    expect(outranks(manager, at(50))).toBe(false);
    expect(outranks(manager, at(10, 100))).toBe(false);
  });

  it('someone without ranks outranks nobody, not even the unranked; a SUPER_ADMIN outranks everyone', () => {
    expect(outranks({ ...at(), permissions: toBits(['MANAGE_USERS']) }, at())).toBe(false);
    expect(outranks({ ...at(), permissions: toBits(['SUPER_ADMIN']) }, at(100))).toBe(true);
  });
});

describe('what a manager may grant', () => {
  it('ranks below their highest, with no permission they lack; a SUPER_ADMIN anything', () => {
    const staff = toBits(['MANAGE_ORDERS']);
    expect(mayGrant(manager, { position: 40, permissions: 0 })).toBe(true);
    expect(mayGrant(manager, { position: 40, permissions: toBits(['MANAGE_USERS']) })).toBe(true);
    expect(mayGrant(manager, { position: 50, permissions: 0 })).toBe(false);
    expect(mayGrant(manager, { position: 60, permissions: 0 })).toBe(false);
    expect(mayGrant(manager, { position: 40, permissions: staff })).toBe(false);
    expect(mayGrantPosition(manager, 49)).toBe(true);
    expect(mayGrantPermissions(manager, staff)).toBe(false);
    const owner = { ...at(100), permissions: toBits(['SUPER_ADMIN']) };
    expect(mayGrant(owner, { position: 100, permissions: toBits(['SUPER_ADMIN']) })).toBe(true);
    expect(mayGrant({ ...at(), permissions: toBits(['MANAGE_USERS']) }, { position: 0, permissions: 0 })).toBe(false);
  });
});
