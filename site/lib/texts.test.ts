import { describe, expect, it } from 'vitest';
import { adminSettingsCatalogue } from '../i18n/admin-settings/index.ts';
import { browserTexts } from './browser-texts.ts';
import { pickTexts, textsOf } from './texts.ts';

describe('pickTexts', () => {
  it('hands over only the texts asked for, formatted as the whole catalogue formats them', () => {
    const whole = browserTexts(adminSettingsCatalogue, 'fr');
    const picked = pickTexts(whole, ['store.restocked', 'store.deleted']);
    expect(Object.keys(picked.messages).sort()).toEqual(['store.deleted', 'store.restocked']);
    expect(picked.locale).toBe('fr');
    expect(textsOf(picked)('store.restocked', { count: 1200 })).toBe(
      textsOf(whole)('store.restocked', { count: 1200 }),
    );
  });
});
