import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_TYPES, AnnouncementSchema } from '../../plugins/settings/schemas.ts';
import {
  ANNOUNCEMENT_MAX,
  ANNOUNCEMENT_TYPE_LABELS,
  announcementHtml,
  announcementSummary,
  characterCounter,
} from './announcement.ts';

describe('the announcement banner and its editor', () => {
  it('renders inline markdown safely, and the specification’s text when empty', () => {
    expect(announcementHtml('**Free fries** today, see [the menu](https://example.com/menu)')).toBe(
      '<strong>Free fries</strong> today, see <a href="https://example.com/menu">the menu</a>',
    );
    expect(announcementHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(announcementHtml('[x](javascript:alert(1))')).toBe('<a href="">x</a>');
    expect(announcementHtml('   ')).toBe('<span>Announcement could not be fetched</span>');
  });

  it('counts characters against the server’s limit: warns near it, blocks over it', () => {
    expect(ANNOUNCEMENT_MAX).toBe(AnnouncementSchema.shape.content.maxLength);
    expect(characterCounter(0)).toEqual({ text: '0 / 2,000', state: 'ok' });
    expect(characterCounter(1799)).toEqual({ text: '1,799 / 2,000', state: 'ok' });
    expect(characterCounter(1800)).toEqual({ text: '1,800 / 2,000', state: 'near' });
    expect(characterCounter(2000)).toEqual({ text: '2,000 / 2,000', state: 'near' });
    expect(characterCounter(2001)).toEqual({ text: '2,001 / 2,000', state: 'over' });
  });

  it('names every colour type and sums the announcement up in a line', () => {
    for (const type of ANNOUNCEMENT_TYPES) expect(ANNOUNCEMENT_TYPE_LABELS[type]).toMatch(/^[A-Z]/);
    expect(announcementSummary({ enabled: true, type: 'is-warning', content: '**Closed** at noon' })).toBe(
      'On: every page shows it · Warning · 18 / 2,000 characters',
    );
    expect(announcementSummary({ enabled: false, type: 'is-info', content: '' })).toBe(
      'Off: no page shows it · Info · 0 / 2,000 characters',
    );
  });
});
