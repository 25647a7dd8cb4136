import { describe, expect, it } from 'vitest';
import { isBanActive } from './ban.ts';

describe('bans', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('is active while active and not expired; permanent without expiry', () => {
    expect(isBanActive({ active: true, reason: 'x', expires: null }, now)).toBe(true);
    expect(isBanActive({ active: true, reason: 'x', expires: new Date('2026-11-22T00:00:00Z') }, now)).toBe(true);
    expect(isBanActive({ active: true, reason: 'x', expires: new Date('2026-11-21T11:59:59Z') }, now)).toBe(false);
    expect(isBanActive({ active: false, reason: 'x', expires: null }, now)).toBe(false);
    expect(isBanActive(null, now)).toBe(false);
  });
});
