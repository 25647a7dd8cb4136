import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/staff/orders')).toBe('/staff/orders');
    expect(safeRedirect('/users/@me?tab=ranks#top')).toBe('/users/@me?tab=ranks#top');
  });

  it.each([
    'https://evil.example',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/\u0000x',
    '/\\/evil.example',
    undefined,
    42,
  ])('falls back to / for %s', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});
