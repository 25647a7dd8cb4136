import { describe, expect, it } from 'vitest';
import { actionLabel, changeRows, entryRows, fieldLabel, formatValue, kindLabel, targetLabel } from './audit.ts';

describe('audit entries as people read them', () => {
  it('labels fields and formats values', () => {
    expect(fieldLabel('deliveryMessage')).toBe('Delivery message');
    expect(fieldLabel('canResign')).toBe('Can resign');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(true)).toBe('yes');
    expect(formatValue([])).toBe('none');
    expect(formatValue(['Chef', 'Driver'])).toBe('Chef, Driver');
    expect(formatValue('2026-11-20T12:00:00.000Z')).toBe('20 Nov 2026, 12:00 UTC');
    expect(formatValue({ enabled: true, countdownLabel: 'Christmas' })).toBe(
      'Enabled: yes; Countdown label: Christmas',
    );
  });

  it('one row per changed field; a side that did not exist reads as —', () => {
    expect(changeRows({ before: { ranks: ['Chef'] }, after: { ranks: ['Chef', 'Manager'] } })).toEqual([
      { field: 'Ranks', before: 'Chef', after: 'Chef, Manager' },
    ]);
    expect(changeRows({ before: null, after: { reason: 'Spam', expires: null } })).toEqual([
      { field: 'Reason', before: '—', after: 'Spam' },
      { field: 'Expires', before: '—', after: '—' },
    ]);
    expect(changeRows({ before: { name: 'Fries' }, after: null })).toEqual([
      { field: 'Name', before: 'Fries', after: '—' },
    ]);
  });

  it('labels an action and a filter kind by the declared words', () => {
    const labels = { 'user.ban': 'Banned a user' };
    expect(actionLabel('user.ban', labels)).toBe('Banned a user');
    expect(actionLabel('user.unknown', labels)).toBe('user.unknown');
    const kindLabels = { user: 'Anything about users', 'user.ban': 'Banned a user' };
    expect(kindLabel('user', kindLabels)).toBe('Anything about users');
    expect(kindLabel('user.ban', kindLabels)).toBe('Banned a user');
    expect(kindLabel('user.unknown', kindLabels)).toBe('user.unknown');
  });

  it('names a setting as Site Settings does, the announcement’s colour by its name, the rank channel’s none as —', () => {
    expect(targetLabel({ type: 'setting', id: 'rankAnnouncementChannel', name: 'rankAnnouncementChannel' })).toBe(
      'Rank announcement channel',
    );
    expect(targetLabel({ type: 'setting', id: 'hourlyReward', name: 'hourlyReward' })).toBe('Hourly reward');
    expect(targetLabel({ type: 'user', id: '1100000000000000002', name: 'Charlie Chef' })).toBe('Charlie Chef');
    const announcement = { type: 'setting' as const, id: 'currentAnnouncement', name: 'currentAnnouncement' };
    expect(
      entryRows({
        target: announcement,
        before: { type: 'is-info', content: 'Old' },
        after: { type: 'is-warning', content: '**New**' },
      }),
    ).toEqual([
      { field: 'Type', before: 'Info', after: 'Warning' },
      { field: 'Content', before: 'Old', after: '**New**' },
    ]);
    const channel = { type: 'setting' as const, id: 'rankAnnouncementChannel', name: 'rankAnnouncementChannel' };
    expect(entryRows({ target: channel, before: { value: null }, after: { value: '1100000000000000700' } })).toEqual([
      { field: 'Value', before: '—', after: '1100000000000000700' },
    ]);
  });
});
