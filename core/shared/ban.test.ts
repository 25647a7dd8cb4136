import { describe, expect, it } from 'vitest';
import { banMessage, isBanActive } from './ban.ts';

describe('bans', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('is active while active and not expired; permanent without expiry', () => {
    expect(isBanActive({ active: true, reason: 'x', expires: null }, now)).toBe(true);
    expect(isBanActive({ active: true, reason: 'x', expires: new Date('2026-11-22T00:00:00Z') }, now)).toBe(true);
    expect(isBanActive({ active: true, reason: 'x', expires: new Date('2026-11-21T11:59:59Z') }, now)).toBe(false);
    expect(isBanActive({ active: false, reason: 'x', expires: null }, now)).toBe(false);
    expect(isBanActive(null, now)).toBe(false);
  });

  it('says the exact text of the specification', () => {
    expect(banMessage({ active: true, reason: 'Trolling orders', expires: new Date('2026-12-01T00:00:00Z') })).toBe(
      'You are currently banned from this website for the following reason: Trolling orders This ban will expire on Tue, 01 Dec 2026 00:00:00 GMT.',
    );
  });

  it('says a ban without an end is permanent, instead of "will expire on never"', () => {
    expect(banMessage({ active: true, reason: null, expires: null })).toBe(
      'You are currently banned from this website for the following reason: No reason given. This ban is permanent.',
    );
    expect(banMessage({ active: true, reason: 'Spam', expires: null })).not.toContain('never');
  });
});
