import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, isSlowConnection, reloadAfterFailedChunk } from './navigation.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    values,
  };
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

describe('prefetch targets', () => {
  const here = {
    href: 'https://diner.example/team',
    origin: 'https://diner.example',
    pathname: '/team',
    search: '',
  } as Location;
  const link = (href: string, extra: { target?: string; download?: boolean; dataset?: Record<string, string> } = {}) =>
    ({
      href: new URL(href, here.href).href,
      target: extra.target ?? '',
      dataset: extra.dataset ?? {},
      hasAttribute: (name: string) => name === 'download' && !!extra.download,
    }) as unknown as HTMLAnchorElement;

  it('prefetches other pages of the site, without their hash', async () => {
    const { prefetchTarget } = await import('./navigation.ts');
    expect(prefetchTarget(link('/privacy#rights'), here)).toBe('https://diner.example/privacy');
    expect(prefetchTarget(link('/users/123?tab=1'), here)).toBe('https://diner.example/users/123?tab=1');
  });

  it('never prefetches what a GET would start, other sites, this page, downloads or opted-out links', async () => {
    const { prefetchTarget } = await import('./navigation.ts');
    for (const href of [
      '/login/discord?redirect=%2F',
      '/api/client/settings',
      '/gateway',
      '/_server-islands/X',
      'https://other.example/x',
      '/team',
      '/team#top',
    ]) {
      expect(prefetchTarget(link(href), here), href).toBeNull();
    }
    expect(prefetchTarget(link('/login'), here)).toBe('https://diner.example/login');
    expect(prefetchTarget(link('/privacy', { target: '_blank' }), here)).toBeNull();
    expect(prefetchTarget(link('/privacy', { download: true }), here)).toBeNull();
    expect(prefetchTarget(link('/privacy', { dataset: { astroPrefetch: 'false' } }), here)).toBeNull();
  });
});
