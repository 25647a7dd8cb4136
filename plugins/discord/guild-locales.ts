import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../../core/db/orm.ts';
import { DEFAULT_LOCALE, type Locale, localeOf } from '../../core/i18n/locales.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { discordSql } from './sql.ts';

/** At most this many servers' languages are remembered per process (the oldest forgotten first, then written again). */
const REMEMBERED_GUILDS = 10_000;
/**
 * How long this process trusts that the table holds what it last wrote: another process may since have written the
 * server's next language, and this one must not miss a change back (a write of the same language changes nothing).
 */
export const GUILD_LOCALE_REWRITE_MS = 10 * 60_000;
/**
 * At most this many servers are read, and written, in one statement. A shard's connect burst is at most about 2,500
 * GUILD_CREATEs (Discord asks for another shard past that): three batches at most, three parameters a row.
 */
const BATCH_SIZE = 1_000;

export interface GuildLocalesDeps extends Pick<ServiceKernel, 'orm' | 'now' | 'log'> {}

type Heard = [guildId: string, tag: string];

/**
 * Each Discord server's language, for what the bot posts there for everyone (a delivery's default message, a rank
 * announcement) and writes about it (its orders cancelled when the bot is removed): no one reader, so the server's
 * own language, as Discord last said it: `guild_locale` with an interaction, `preferred_locale` in GUILD_CREATE (every
 * server at connect, and one the bot joins) and GUILD_UPDATE. English for a server never heard of, or whose language
 * the diner does not speak. Stored (`discord_guilds`), since the process that posts is often not the one that heard it.
 *
 * A connect brings thousands of GUILD_CREATEs at once, nearly all saying what the table already holds. So what is
 * heard is stored in batches (what arrives while one batch is stored waits for the next), each one read of the
 * stored languages and one write of those that differ: a connect where nothing changed reads a few times and writes
 * nothing. A language this process stored lately (GUILD_LOCALE_REWRITE_MS) is not even read again.
 */
export class GuildLocales {
  readonly #orm: Orm;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;
  /** Server id → the tag this process last stored (or is storing) for it, and when. */
  readonly #known = new Map<string, { locale: string; at: number }>();
  /** Heard and not yet taken into a batch: server id → tag (the last heard for a server wins). */
  readonly #pending = new Map<string, string>();
  /** The batches under way, if any: they take what is pending until nothing is. */
  #storing: Promise<void> | null = null;

  constructor({ orm, now, log }: GuildLocalesDeps) {
    this.#orm = orm;
    this.#now = now;
    this.#log = log;
  }

  /**
   * Discord said this server's language: remember it. Resolves once it is stored (with whatever else was heard
   * meanwhile); never rejects (a failure is logged, and the command or the event goes on).
   */
  heard(guildId: string, guildLocale: string): Promise<void> {
    const known = this.#known.get(guildId);
    const fresh = known?.locale === guildLocale && this.#now() - known.at < GUILD_LOCALE_REWRITE_MS;
    if (fresh && !this.#pending.has(guildId)) return Promise.resolve();
    this.#pending.set(guildId, guildLocale);
    this.#storing ??= this.#storePending();
    return this.#storing;
  }

  /** The language to write in for everyone in this server: its own, else English. */
  async of(guildId: string | null): Promise<Locale> {
    if (!guildId) return DEFAULT_LOCALE;
    const row = await discordSql(this.#orm.em.fork())
      .selectFrom('discord_guilds')
      .select('locale')
      .where('guild_id', '=', guildId)
      .executeTakeFirst();
    return localeOf(row?.locale) ?? DEFAULT_LOCALE;
  }

  /** The bot left the server: nothing more is posted there. */
  async forget(guildId: string): Promise<void> {
    this.#pending.delete(guildId);
    this.#known.delete(guildId);
    // A batch under way may hold the server: it is deleted once that batch is stored.
    await this.#storing;
    await discordSql(this.#orm.em.fork()).deleteFrom('discord_guilds').where('guild_id', '=', guildId).execute();
  }

  async #storePending(): Promise<void> {
    for (let batch = this.#take(); batch.length > 0; batch = this.#take()) await this.#store(batch);
  }

  /**
   * Up to BATCH_SIZE of what is pending, remembered as stored from now on (so a different language heard while it is
   * stored is pending again); none: the storing ends, and the next thing heard starts it again.
   */
  #take(): Heard[] {
    const batch: Heard[] = [];
    for (const heard of this.#pending) {
      if (batch.length === BATCH_SIZE) break;
      batch.push(heard);
    }
    if (batch.length === 0) this.#storing = null;
    for (const [guildId, guildLocale] of batch) {
      this.#pending.delete(guildId);
      this.#remember(guildId, guildLocale);
    }
    return batch;
  }

  /** One read of what the table holds for the batch's servers, and one write of those whose language differs. */
  async #store(batch: Heard[]): Promise<void> {
    try {
      const db = discordSql(this.#orm.em.fork());
      const rows = await db
        .selectFrom('discord_guilds')
        .select(['guild_id', 'locale'])
        .where(
          'guild_id',
          'in',
          batch.map(([guildId]) => guildId),
        )
        .execute();
      const stored = new Map(rows.map((row) => [row.guild_id, row.locale]));
      const changed = batch.filter(([guildId, guildLocale]) => stored.get(guildId) !== guildLocale);
      if (changed.length === 0) return;
      const at = new Date(this.#now());
      await db
        .insertInto('discord_guilds')
        .values(changed.map(([guildId, guildLocale]) => ({ guild_id: guildId, locale: guildLocale, updated_at: at })))
        .onConflict((conflict) =>
          conflict
            .column('guild_id')
            .doUpdateSet((eb) => ({ locale: eb.ref('excluded.locale'), updated_at: eb.ref('excluded.updated_at') }))
            .where((eb) => eb('discord_guilds.locale', '<>', eb.ref('excluded.locale'))),
        )
        .execute();
    } catch (error) {
      for (const [guildId, guildLocale] of batch)
        if (this.#known.get(guildId)?.locale === guildLocale) this.#known.delete(guildId);
      this.#log.warn({ err: error, servers: batch.length }, "could not remember servers' languages");
    }
  }

  #remember(guildId: string, guildLocale: string): void {
    this.#known.delete(guildId);
    this.#known.set(guildId, { locale: guildLocale, at: this.#now() });
    if (this.#known.size > REMEMBERED_GUILDS) this.#known.delete(this.#known.keys().next().value!);
  }
}
