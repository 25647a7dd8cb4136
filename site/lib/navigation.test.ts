import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, isSlowConnection, reloadAfterFailedChunk } from './navigation.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}

describe('failed chunk reload guard', () => {
  it('reloads at most once per 60 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterFailedChunk(storage, reload, 1_000_000)).toBe(true);
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadAfterFailedChunk(storage, reload, 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterFailedChunk(storage, reload, 1_000_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('slow connections', () => {
  it('are 2g (and slow-2g) or data saver', () => {
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection({ effectiveType: '4g' })).toBe(false);
    expect(isSlowConnection({ effectiveType: '3g', saveData: false })).toBe(false);
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g', saveData: true })).toBe(true);
  });
});
