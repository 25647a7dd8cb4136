import { afterEach, describe, expect, it, vi } from 'vitest';
import { debug, debugEnabled } from './debug.ts';

function fakeStorage(values: Record<string, string>) {
  vi.stubGlobal('localStorage', { getItem: (key: string) => values[key] ?? null });
}

describe('debug logs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are on only when localStorage.debug is "true"', () => {
    const spy = vi.spyOn(console, 'debug').mockImplementation(() => {});
    fakeStorage({ debug: 'false' });
    debug('ads', 'probe');
    expect(debugEnabled()).toBe(false);
    fakeStorage({});
    debug('ads', 'probe');
    fakeStorage({ debug: 'true' });
    debug('ads', 'probe', 1);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('[ads]', 'probe', 1);
    spy.mockRestore();
  });

  it('are off when storage throws', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(debugEnabled()).toBe(false);
  });
});
