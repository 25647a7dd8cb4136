import { describe, expect, it } from 'vitest';
import { SETTING_DEFINITIONS } from '../../plugins/settings/schemas.ts';
import {
  isoFromUtcField,
  NUMBER_SETTINGS,
  numberBounds,
  numberFromField,
  settingValue,
  utcFieldValue,
} from './settings.ts';

describe('Site Settings as people read them', () => {
  it('takes a number setting’s bounds from its schema', () => {
    expect(numberBounds('hourlyReward')).toEqual({ min: 1, max: 100_000 });
    expect(numberBounds('appealVotesToDecide')).toEqual({ min: 1, max: 25 });
    expect(numberBounds('appealCooldownDays')).toEqual({ min: 0, max: 365 });
    expect(numberBounds('sponsorReward')).toEqual({ min: 0, max: 1_000_000 });
    for (const key of NUMBER_SETTINGS)
      expect(SETTING_DEFINITIONS[key].schema.safeParse(numberBounds(key).max).success).toBe(true);
  });

  it('sets the countdown in UTC, empty for none', () => {
    expect(utcFieldValue('2026-12-25T00:00:00.000Z')).toBe('2026-12-25T00:00');
    expect(utcFieldValue('2026-12-25T01:30:00+01:00')).toBe('2026-12-25T00:30');
    expect(utcFieldValue(null)).toBe('');
    expect(isoFromUtcField('2026-12-25T00:00')).toBe('2026-12-25T00:00:00.000Z');
    expect(isoFromUtcField(' ')).toBeNull();
    expect(
      SETTING_DEFINITIONS.festiveMode.schema.shape.countdownTo.safeParse(isoFromUtcField('2026-12-25T00:00')).success,
    ).toBe(true);
  });

  it('turns each form into the value its setting takes; an empty number is null for the setting’s schema to refuse', () => {
    expect(numberFromField('')).toBeNull();
    expect(numberFromField('60')).toBe(60);
    expect(settingValue.number('75')).toBe(75);
    expect(settingValue.number(' ')).toBeNull();
    expect(
      settingValue.festiveMode({ enabled: true, countdownTo: '2026-12-25T00:00', countdownLabel: ' Christmas ' }),
    ).toEqual({
      enabled: true,
      countdownTo: '2026-12-25T00:00:00.000Z',
      countdownLabel: 'Christmas',
    });
    expect(settingValue.festiveMode({ enabled: false, countdownTo: '', countdownLabel: '' })).toEqual({
      enabled: false,
      countdownTo: null,
      countdownLabel: '',
    });
    expect(settingValue.kitchen({ open: false, reason: ' Cleaning ' })).toEqual({ open: false, reason: 'Cleaning' });
    expect(settingValue.rankAnnouncementChannel(' ')).toBeNull();
    expect(settingValue.rankAnnouncementChannel('1100000000000000700')).toBe('1100000000000000700');
  });
});
