import { describe, expect, it } from 'vitest';
import { browserCatalogue } from '../i18n/browser/index.ts';
import { browserTexts } from './browser-texts.ts';
import { bellCount, bellLabel, noticeHref, noticeTime } from './notifications.ts';
import { textsOf } from './texts.ts';

const english = textsOf(browserTexts(browserCatalogue, 'en'));
const french = textsOf(browserTexts(browserCatalogue, 'fr'));

describe('the bell', () => {
  it('names the unread count and shows it up to 99', () => {
    expect(bellLabel(0, english)).toBe('Notifications, 0 unread');
    expect(bellLabel(3, english)).toBe('Notifications, 3 unread');
    expect(bellLabel(1, french)).toBe('Notifications, 1 non lue');
    expect(bellLabel(3, french)).toBe('Notifications, 3 non lues');
    expect([0, 1, 99, 100].map(bellCount)).toEqual(['', '1', '99', '99+']);
  });

  it('says when, briefly', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const ago = (ms: number) => noticeTime(new Date(now - ms).toISOString(), english, 'en', now);
    expect([ago(10_000), ago(5 * 60_000), ago(3 * 3600_000), ago(2 * 86400_000), ago(30 * 86400_000)]).toEqual([
      'just now',
      '5 min ago',
      '3 h ago',
      '2 d ago',
      '26 Oct 2026',
    ]);
    expect(noticeTime(new Date(now - 5 * 60_000).toISOString(), french, 'fr', now)).toBe('il y a 5 min');
    expect(noticeTime(new Date(now - 30 * 86400_000).toISOString(), french, 'fr', now)).toBe('26 oct. 2026');
  });

  it('links only to paths on this site', () => {
    expect(noticeHref('/appeal/1')).toBe('/appeal/1');
    expect(noticeHref(null)).toBeNull();
    expect(noticeHref('//evil.example/x')).toBeNull();
    expect(noticeHref('https://evil.example')).toBeNull();
    expect(noticeHref('javascript:alert(1)')).toBeNull();
  });
});
