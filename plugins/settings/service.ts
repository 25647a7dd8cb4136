import type { Orm } from '../../core/db/orm.ts';
import { DomainError } from '../../core/errors.ts';
import { parseInput } from '../../core/http/zod.ts';
import type { EventBus } from '../../core/events.ts';
import { SettingSchema } from './entities.ts';
import { SETTING_DEFINITIONS, SETTING_KEYS, isSettingKey, type SettingKey, type Settings } from './schemas.ts';

/**
 * Site settings: a key to value map read on every page (banner, festive mode), so it is cached in memory and
 * dropped whenever a `settingUpdated` event says a value changed (from this process or, through the event
 * bridge, another one).
 */
export class SettingsService {
  readonly #orm: Orm;
  readonly #events: EventBus;
  #cache: Promise<Settings> | null = null;

  constructor(orm: Orm, events: EventBus) {
    this.#orm = orm;
    this.#events = events;
    events.on('settingUpdated', () => {
      this.#cache = null;
    });
  }

  getAll(): Promise<Settings> {
    this.#cache ??= this.#load().catch((error: unknown) => {
      this.#cache = null;
      throw error;
    });
    return this.#cache;
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
   * Validates the value against the key's schema (400 with the issues, nothing written: the route has checked it
   * already, the bot's commands and seeds have not), stores it, tells everyone.
   */
  async set<K extends SettingKey>(key: K, value: unknown, updatedBy: string | null): Promise<Settings[K]> {
    const parsed = parseInput(SETTING_DEFINITIONS[key].schema, value, 'val') as Settings[K];
    const em = this.#orm.em.fork();
    await em.upsert(SettingSchema, { key, value: parsed, updatedAt: new Date(), updatedBy });
    this.#events.publish('settingUpdated', { key, value: parsed });
    return parsed;
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
  return new DomainError('not_found', `Unknown setting '${key}'`);
}
