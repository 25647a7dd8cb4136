import { z } from 'zod';
import { isId } from '../../core/shared/ids.ts';
import { schemaWords } from '../../core/shared/schema-words.ts';
import { text } from '../../core/shared/text.ts';
import type { settingsCatalogue } from './i18n/index.ts';

/** This plugin's schema messages, worded from its catalogue (`schema.*`) where the parse has a language. */
const said = schemaWords<typeof settingsCatalogue>('settings');

/** Bulma colour classes an announcement may use. */
export const ANNOUNCEMENT_TYPES = [
  'is-info',
  'is-primary',
  'is-link',
  'is-success',
  'is-warning',
  'is-danger',
  'is-dark',
] as const;

export const AnnouncementSchema = z.strictObject({
  enabled: z.boolean(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  /** Markdown; rendered without raw HTML and without dangerous link protocols. */
  content: text().max(2000),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const FestiveModeSchema = z.strictObject({
  enabled: z.boolean(),
  /** The moment the countdown counts down to; null hides the countdown. */
  countdownTo: z.iso.datetime({ offset: true }).nullable(),
  countdownLabel: text().max(80),
});
export type FestiveMode = z.infer<typeof FestiveModeSchema>;

/** Whether the bot takes orders (`/kitchen open|close reason`); a closed kitchen tells customers the reason. */
export const KitchenSchema = z.strictObject({
  open: z.boolean(),
  reason: text().trim().max(200),
});
export type Kitchen = z.infer<typeof KitchenSchema>;

/**
 * Every setting the product knows, with its schema and the value it has until someone sets it. An unknown key is
 * a 404; a value that does not fit its schema is a 400 and is not written.
 */
export const SETTING_DEFINITIONS = {
  currentAnnouncement: {
    schema: AnnouncementSchema,
    fallback: { enabled: false, type: 'is-info', content: '' } as Announcement,
  },
  teamsEnabled: { schema: z.boolean(), fallback: false as boolean },
  festiveMode: {
    schema: FestiveModeSchema,
    fallback: { enabled: false, countdownTo: null, countdownLabel: 'Christmas' } as FestiveMode,
  },
  kitchen: { schema: KitchenSchema, fallback: { open: true, reason: '' } as Kitchen },
  /** Days after a denied appeal before the same user may file another (plugins/appeals). */
  appealCooldownDays: { schema: z.int().min(0).max(365), fallback: 30 as number },
  /** Votes one side needs to decide an appeal (plugins/appeals). */
  appealVotesToDecide: { schema: z.int().min(1).max(25), fallback: 3 as number },
  /** Coins the hourly reward pays, once per rolling hour per user (plugins/store). */
  hourlyReward: { schema: z.int().min(1).max(100_000), fallback: 50 as number },
  /** Coins a completed sponsor payment credits to the sponsor (plugins/store, docs/store.md "Sponsors"). */
  sponsorReward: { schema: z.int().min(0).max(1_000_000), fallback: 1000 as number },
  /** The Discord channel the bot posts announced rank changes to (plugins/discord); null: an announced change is told to the member only. */
  rankAnnouncementChannel: {
    schema: text().trim().refine(isId, said('schema.channelId', 'Channel ID is not a Discord channel ID')).nullable(),
    fallback: null as string | null,
  },
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTING_DEFINITIONS)[K]['schema']> };
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

export const SettingParamsSchema = z.strictObject({ key: text().min(1).max(64) });

/** POST /api/client/settings/{key}: `{ val }`, the value checked against the key's own schema. */
export function settingBodySchema<Value extends z.ZodType>(value: Value) {
  return z.strictObject({ val: value });
}

type SettingSchemas = { [K in SettingKey]: (typeof SETTING_DEFINITIONS)[K]['schema'] };
const settingSchemas = Object.fromEntries(
  SETTING_KEYS.map((key) => [key, SETTING_DEFINITIONS[key].schema]),
) as unknown as SettingSchemas;

/** GET /api/client/settings: every setting's value. */
export const SettingsResponseSchema = z.strictObject({ settings: z.strictObject(settingSchemas) });
export type SettingsResponse = z.output<typeof SettingsResponseSchema>;

/** GET /api/client/settings/{key}: that setting's value. */
export const SettingResponseSchema = z.strictObject({ setting: z.union(Object.values(settingSchemas)) });
export interface SettingResponse<K extends SettingKey = SettingKey> {
  setting: Settings[K];
}

/** POST /api/client/settings/{key}: the value now stored, checked by the key's own schema. */
export function updateSettingResponseSchema<Value extends z.ZodType>(value: Value) {
  return z.strictObject({ updatedValue: value });
}
export interface UpdateSettingResponse<K extends SettingKey = SettingKey> {
  updatedValue: Settings[K];
}
