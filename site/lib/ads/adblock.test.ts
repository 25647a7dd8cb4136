import { describe, expect, it, vi } from 'vitest';
import {
  BLOCKED_AT_KEY,
  detectBlocking,
  PROBE_ATTEMPTS,
  PROBE_DELAY_MS,
  recordOutcome,
  UNBLOCKED_AFTER_KEY,
} from './adblock.ts';
import { BUNDLED_HELP, gifUrl, loadHelp, parseHelpManifest } from './help.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
    values,
  };
}

describe('ad-block probe', () => {
  it('waits 250 ms before each of at most 3 tries', async () => {
    const waits: number[] = [];
    const probe = vi.fn(async () => false);
    expect(await detectBlocking(probe, async (ms) => void waits.push(ms))).toBe(true);
    expect(PROBE_ATTEMPTS).toBe(3);
    expect(waits).toEqual([PROBE_DELAY_MS, PROBE_DELAY_MS, PROBE_DELAY_MS]);
    expect(PROBE_DELAY_MS).toBe(250);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('stops at the first confirmation', async () => {
    const probe = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    expect(await detectBlocking(probe, async () => {})).toBe(false);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('stores the first blocked time, and on clearing the unblocked duration', () => {
    const storage = memoryStorage();
    recordOutcome(false, storage, 500);
    expect(storage.values.size).toBe(0);
    recordOutcome(true, storage, 1000);
    recordOutcome(true, storage, 2000);
    expect(storage.values.get(BLOCKED_AT_KEY)).toBe('1000');
    recordOutcome(false, storage, 61_000);
    expect(storage.values.get(UNBLOCKED_AFTER_KEY)).toBe('60000');
    expect(storage.values.has(BLOCKED_AT_KEY)).toBe(false);
  });
});

describe('ad-blocker help manifest', () => {
  it('keeps only well-formed entries', () => {
    expect(parseHelpManifest({})).toBeNull();
    expect(parseHelpManifest([])).toBeNull();
    expect(
      parseHelpManifest([
        { id: 'ok', name: 'OK', steps: ['a'], gif: false },
        { id: '../x', name: 'Bad id', steps: [], gif: false },
        { id: 'bad', name: 'Bad steps', steps: [1], gif: false },
      ]),
    ).toEqual([{ id: 'ok', name: 'OK', steps: ['a'], gif: false }]);
  });

  it('places GIFs beside the manifest', () => {
    expect(gifUrl('https://cdn.example/help/manifest.json', 'ublock')).toBe('https://cdn.example/help/ublock.gif');
  });

  it('falls back to the bundled copy', async () => {
    const failing = (async () => {
      throw new TypeError('blocked');
    }) as unknown as typeof fetch;
    expect(await loadHelp('https://cdn.example/m.json', failing)).toEqual({ entries: BUNDLED_HELP, source: null });
    expect(await loadHelp(null)).toEqual({ entries: BUNDLED_HELP, source: null });
    const junk = (async () => new Response('[1,2]')) as unknown as typeof fetch;
    expect((await loadHelp('https://cdn.example/m.json', junk)).source).toBeNull();
    const good = (async () =>
      Response.json([{ id: 'x', name: 'X', steps: ['s'], gif: true }])) as unknown as typeof fetch;
    expect(await loadHelp('https://cdn.example/m.json', good)).toEqual({
      entries: [{ id: 'x', name: 'X', steps: ['s'], gif: true }],
      source: 'https://cdn.example/m.json',
    });
  });

  it('bundles a manifest that passes its own check', () => {
    expect(parseHelpManifest(BUNDLED_HELP)).toEqual(BUNDLED_HELP);
  });
});
