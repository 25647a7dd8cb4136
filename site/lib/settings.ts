import type { z } from 'zod';
import {
  type FestiveMode,
  type Kitchen,
  SETTING_DEFINITIONS,
  type SettingKey,
} from '../../plugins/settings/schemas.ts';

/**
 * Site Settings' forms: a number setting's bounds from its own schema, and the festive countdown's moment as a UTC
 * date-time field. Each setting's name, unit and help are the `site.admin-settings` catalogue's. Pure: unit-tested.
 */

/** The settings whose value is a whole number, each with its schema's bounds. */
export const NUMBER_SETTINGS = [
  'appealCooldownDays',
  'appealVotesToDecide',
  'hourlyReward',
  'sponsorReward',
] as const satisfies readonly SettingKey[];
export type NumberSettingKey = (typeof NUMBER_SETTINGS)[number];

export function numberBounds(key: NumberSettingKey): { min: number; max: number } {
  const schema = SETTING_DEFINITIONS[key].schema as z.ZodNumber;
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/**
 * The countdown is set in UTC (the server cannot know the editor's time zone, and everyone reads one moment):
 * `2026-12-25T00:00:00.000Z` ↔ the field's `2026-12-25T00:00`; an empty field is no countdown.
 */
export function utcFieldValue(iso: string | null): string {
  return iso ? new Date(iso).toISOString().slice(0, 16) : '';
}

export function isoFromUtcField(value: string): string | null {
  return value.trim() === '' ? null : `${value.trim()}:00.000Z`;
}

/** A number field as the API wants it: an empty field is null (the setting's schema says what is wrong). */
export function numberFromField(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/**
 * The value each General tab form sends for its setting (POST /api/client/settings/{key} `{ val }`), from what its
 * fields hold. Not checked here: the setting's own schema checks it (SettingForm, before the call; then the server),
 * so its message is the one shown beside the control: a number field left empty is null for the schema to refuse.
 */
export const settingValue = {
  festiveMode: (fields: { enabled: boolean; countdownTo: string; countdownLabel: string }): FestiveMode => ({
    enabled: fields.enabled,
    countdownTo: isoFromUtcField(fields.countdownTo),
    countdownLabel: fields.countdownLabel.trim(),
  }),
  kitchen: (fields: { open: boolean; reason: string }): Kitchen => ({
    open: fields.open,
    reason: fields.reason.trim(),
  }),
  rankAnnouncementChannel: (channel: string): string | null => channel.trim() || null,
  /** Any of NUMBER_SETTINGS. */
  number: numberFromField,
};
