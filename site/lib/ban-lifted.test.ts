import { describe, expect, it } from 'vitest';
import { noteBanState, WAS_BANNED_KEY } from './ban-lifted.ts';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('the ban-lifted toast', () => {
  it('shows once, on the first ordinary page after a page rendered for a banned user', () => {
    const storage = memory();
    let shown = 0;
    const show = () => void shown++;
    noteBanState(storage, false, '/', show);
    expect(shown, 'never banned: nothing').toBe(0);
    noteBanState(storage, true, '/banned', show);
    expect(storage.map.get(WAS_BANNED_KEY)).toBe('1');
    noteBanState(storage, false, '/appeal/123', show);
    expect(shown, 'an appeal page is open to banned users: not proof of a lift').toBe(0);
    noteBanState(storage, false, '/', show);
    expect(shown).toBe(1);
    noteBanState(storage, false, '/leaderboard', show);
    expect(shown, 'once').toBe(1);
  });
});
