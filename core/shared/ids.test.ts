import { describe, expect, it } from 'vitest';
import { newId } from '../ids.ts';
import { idDate, isId } from './ids.ts';

describe('IDs', () => {
  it('accepts numeric values of at least 16 characters only', () => {
    expect(isId('1234567890123456')).toBe(true);
    expect(isId('123456789012345')).toBe(false);
    expect(isId('12345678901234567a')).toBe(false);
    expect(isId('not-an-id')).toBe(false);
    expect(isId(1234567890123456)).toBe(false);
  });

  it('dates an ID as value / 4194304 + 1420070400000 ms', () => {
    // Discord's documented example snowflake.
    expect(idDate('175928847299117063').toISOString()).toBe('2016-04-30T11:18:25.796Z');
  });

  it('mints unique valid IDs that carry their creation time', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const ids = Array.from({ length: 5000 }, () => newId(now));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 10)) expect(isId(id)).toBe(true);
    expect(Math.abs(idDate(ids[0]!).getTime() - now)).toBeLessThanOrEqual(5);
  });
});
