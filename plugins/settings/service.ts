import { type AuditActor, type AuditLog, changedFields } from '../../core/audit/service.ts';
import { lockName } from '../../core/db/locks.ts';
import type { Orm } from '../../core/db/orm.ts';
import type { DomainError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { type JsonText, jsonText } from '../../core/http/json-text.ts';
import { parseInput } from '../../core/http/zod.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { SettingSchema } from './entities.ts';
import { settingsText } from './i18n/index.ts';
import {
  isSettingKey,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type SettingKey,
  type Settings,
  type SettingsResponse,
} from './schemas.ts';

/** A setting's value as an audit entry compares it: an object's own fields, anything else as `value`. */
function asFields(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

export interface SettingsServiceDeps extends Pick<ServiceKernel, 'orm' | 'events' | 'audit'> {}

/**
 * Site settings: a key to value map read on every page (banner, festive mode), so it is cached in memory and
 * dropped whenever a `settingUpdated` event says a value changed (from this process or, through the event
 * bridge, another one).
 */
export class SettingsService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  readonly #audit: AuditLog;
  #cache: Promise<Settings> | null = null;
  /** `{ settings }` as JSON, what GET /api/client/settings sends (every page's start-up asks): serialized once per change. */
  #json: Promise<JsonText<SettingsResponse>> | null = null;

  constructor({ orm, events, audit }: SettingsServiceDeps) {
    this.#orm = orm;
    this.#events = events;
    this.#audit = audit;
    events.on('settingUpdated', () => {
      this.#cache = null;
      this.#json = null;
    });
  }

  getAll(): Promise<Settings> {
    this.#cache ??= this.#load().catch((error: unknown) => {
      this.#cache = null;
      throw error;
    });
    return this.#cache;
  }

  /** Every setting as the JSON body `{ settings }`. */
  allAsJson(): Promise<JsonText<SettingsResponse>> {
    if (!this.#json) {
      const json = this.getAll().then((settings) => jsonText<SettingsResponse>({ settings }));
      this.#json = json;
      json.catch(() => {
        if (this.#json === json) this.#json = null;
      });
    }
    return this.#json;
  }

  async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
    return (await this.getAll())[key];
  }

  /** 404 for an unknown key. */
  assertKey(key: string): SettingKey {
    if (!isSettingKey(key)) throw unknownSetting(key);
    return key;
  }

  /**
   * Validates the value against the key's schema (400 with the issues, nothing written), stores it, tells everyone.
   * `actor` null: the seed, not an admin write, so no audit entry. Otherwise the entry keeps the value before and
   * after, read under a lock on the key (the row may not exist yet), so two changes at once chain.
   */
  async set<K extends SettingKey>(key: K, value: unknown, actor: AuditActor | null): Promise<Settings[K]> {
    const parsed = { data: parseInput(SETTING_DEFINITIONS[key].schema, value, 'val') as Settings[K] };
    await this.#orm.em.fork().transactional(async (em) => {
      await lockName(em, `setting:${key}`);
      const previous = await em.findOne(SettingSchema, { key });
      // Compared before the upsert, which merges the new value into `previous` (the same managed entity).
      const change = previous
        ? changedFields(asFields(previous.value), asFields(parsed.data))
        : { before: null, after: asFields(parsed.data) };
      await em.upsert(SettingSchema, { key, value: parsed.data, updatedAt: new Date(), updatedBy: actor?.id ?? null });
      if (!actor) return;
      await this.#audit.record(em, {
        actor,
        action: 'settings.update',
        target: { type: 'setting', id: key, name: key },
        ...change,
      });
    });
    this.#events.publish('settingUpdated', { key, value: parsed.data });
    return parsed.data as Settings[K];
  }

  async #load(): Promise<Settings> {
    const rows = await this.#orm.em.fork().find(SettingSchema, { key: { $in: SETTING_KEYS } });
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const settings = {} as Record<SettingKey, unknown>;
    for (const key of SETTING_KEYS) {
      const definition = SETTING_DEFINITIONS[key];
      const parsed = definition.schema.safeParse(stored.get(key));
      // A stored value that no longer fits (an older shape) falls back rather than breaking every page.
      settings[key] = parsed.success ? parsed.data : definition.fallback;
    }
    return settings as Settings;
  }
}

export function unknownSetting(key: string): DomainError {
  return localizedError(settingsText, 'not_found', 'refusal.unknownSetting', { key });
}
