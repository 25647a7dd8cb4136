import { describe, expect, it } from 'vitest';
import { toBits } from '../../core/shared/permissions.ts';
import { canEdit } from './profile.ts';

const RANKS = [
  { id: '1000000000000000010', position: 100 },
  { id: '1000000000000000020', position: 50 },
  { id: '1000000000000000030', position: 10 },
];
const manager = { id: '1100000000000000004', permissions: toBits(['MANAGE_USERS']), ranks: [{ position: 50 }] };

describe('canEdit', () => {
  it('lets the user themself edit, whoever they are', () => {
    expect(canEdit({ id: '1', permissions: 0, ranks: [] }, { id: '1', ranks: [] }, RANKS)).toBe(true);
  });

  it('lets a user manager edit only those ranked below them', () => {
    expect(canEdit(manager, { id: '2', ranks: ['1000000000000000030'] }, RANKS)).toBe(true);
    expect(canEdit(manager, { id: '2', ranks: [] }, RANKS)).toBe(true);
    expect(canEdit(manager, { id: '2', ranks: ['1000000000000000020'] }, RANKS)).toBe(false);
    expect(canEdit(manager, { id: '2', ranks: ['1000000000000000030', '1000000000000000010'] }, RANKS)).toBe(false);
  });

  it('nobody else edits; a SUPER_ADMIN edits anyone', () => {
    expect(canEdit(null, { id: '2', ranks: [] }, RANKS)).toBe(false);
    expect(canEdit({ ...manager, permissions: 0 }, { id: '2', ranks: [] }, RANKS)).toBe(false);
    expect(
      canEdit(
        { id: '9', permissions: toBits(['SUPER_ADMIN']), ranks: [] },
        { id: '2', ranks: ['1000000000000000010'] },
        RANKS,
      ),
    ).toBe(true);
  });
});
