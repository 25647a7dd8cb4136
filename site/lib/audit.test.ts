import { describe, expect, it } from 'vitest';
import { auditCatalogue } from '../../core/audit/catalogue.ts';
import { defineCatalogue } from '../../core/i18n/catalogue.ts';
import { auditWords, changeRows, entryRows, fieldLabel, formatValue, targetLabel } from './audit.ts';

describe('audit entries as people read them', () => {
  it('labels fields and formats values', () => {
    expect(fieldLabel('deliveryMessage')).toBe('Delivery message');
    expect(fieldLabel('canResign')).toBe('Can resign');
    expect(formatValue(null, 'en')).toBe('—');
    expect(formatValue(true, 'en')).toBe('yes');
    expect(formatValue([], 'en')).toBe('none');
    expect(formatValue(['Chef', 'Driver'], 'en')).toBe('Chef, Driver');
    expect(formatValue('2026-11-20T12:00:00.000Z', 'en')).toBe('20 Nov 2026, 12:00 UTC');
    expect(formatValue({ enabled: true, countdownLabel: 'Christmas' }, 'en')).toBe(
      'Enabled: yes; Countdown label: Christmas',
    );
    expect(formatValue({ enabled: false, ranks: [] }, 'fr')).toBe('Enabled: non; Ranks: aucun');
    expect(formatValue(1250, 'de')).toBe('1.250');
  });

  it('one row per changed field; a side that did not exist reads as —', () => {
    expect(changeRows({ before: { ranks: ['Chef'] }, after: { ranks: ['Chef', 'Manager'] } }, 'en')).toEqual([
      { field: 'Ranks', before: 'Chef', after: 'Chef, Manager' },
    ]);
    expect(changeRows({ before: null, after: { reason: 'Spam', expires: null } }, 'en')).toEqual([
      { field: 'Reason', before: '—', after: 'Spam' },
      { field: 'Expires', before: '—', after: '—' },
    ]);
    expect(changeRows({ before: { name: 'Fries' }, after: null }, 'en')).toEqual([
      { field: 'Name', before: 'Fries', after: '—' },
    ]);
  });

  it("words an action and a filter kind from its declarer's catalogue, else as declared, else as its key", () => {
    const i18n = defineCatalogue({
      name: 'kitchen',
      messages: {
        en: { 'audit.dish.create': 'Added a dish', 'auditKind.dish': 'Dishes' },
        fr: { 'audit.dish.create': 'A ajouté un plat', 'auditKind.dish': 'Plats' },
        de: { 'audit.dish.create': 'Hat ein Gericht hinzugefügt', 'auditKind.dish': 'Gerichte' },
        es: { 'audit.dish.create': 'Añadió un plato', 'auditKind.dish': 'Platos' },
        'pt-BR': { 'audit.dish.create': 'Adicionou um prato', 'auditKind.dish': 'Pratos' },
      },
    });
    const audit = {
      actions: { 'dish.create': 'Added a dish', 'dish.delete': 'Removed a dish' },
      targetTypes: ['dish'],
      kinds: { dish: 'Dishes' },
    };
    const catalogue = auditCatalogue([{ plugin: 'kitchen', audit }]);
    const words = auditWords({ locale: 'fr', plugins: [{ name: 'kitchen', i18n }], audit: { catalogue } });
    expect(words.action('dish.create')).toBe('A ajouté un plat');
    expect(words.kind('dish.create')).toBe('A ajouté un plat');
    expect(words.kind('dish')).toBe('Plats');
    expect(words.kind('user')).toBe('Tout ce qui touche aux utilisateurs');
    expect(words.action('dish.delete')).toBe('Removed a dish');
    expect(words.action('dish.gone')).toBe('dish.gone');
  });

  it('names a setting as Site Settings does, the announcement’s colour by its name, the rank channel’s none as —', () => {
    expect(targetLabel({ type: 'setting', id: 'rankAnnouncementChannel', name: 'rankAnnouncementChannel' }, 'en')).toBe(
      'Rank announcement channel',
    );
    expect(targetLabel({ type: 'setting', id: 'hourlyReward', name: 'hourlyReward' }, 'en')).toBe('Hourly reward');
    expect(targetLabel({ type: 'setting', id: 'hourlyReward', name: 'hourlyReward' }, 'de')).not.toBe('Hourly reward');
    expect(targetLabel({ type: 'setting', id: 'somethingOld', name: 'somethingOld' }, 'fr')).toBe('somethingOld');
    expect(targetLabel({ type: 'user', id: '1100000000000000002', name: 'Charlie Chef' }, 'fr')).toBe('Charlie Chef');
    const announcement = { type: 'setting' as const, id: 'currentAnnouncement', name: 'currentAnnouncement' };
    expect(
      entryRows(
        {
          target: announcement,
          before: { type: 'is-info', content: 'Old' },
          after: { type: 'is-warning', content: '**New**' },
        },
        'en',
      ),
    ).toEqual([
      { field: 'Type', before: 'Info', after: 'Warning' },
      { field: 'Content', before: 'Old', after: '**New**' },
    ]);
    const channel = { type: 'setting' as const, id: 'rankAnnouncementChannel', name: 'rankAnnouncementChannel' };
    expect(
      entryRows({ target: channel, before: { value: null }, after: { value: '1100000000000000700' } }, 'en'),
    ).toEqual([{ field: 'Value', before: '—', after: '1100000000000000700' }]);
  });
});
