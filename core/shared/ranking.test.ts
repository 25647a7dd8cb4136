import { describe, expect, it } from 'vitest';
import { toBits } from './permissions.ts';
import { highestPosition, outranks } from './ranking.ts';

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
