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

export interface GuildLocalesDeps extends Pick<ServiceKernel, 'orm' | 'now' | 'log'> {}

/**
 * Each Discord server's language, for what the bot posts there for everyone (a delivery's default message, a rank
 * announcement) and writes about it (its orders cancelled when the bot is removed): no one reader, so the server's
 * own language, as Discord sent it with the server's last interaction (`guild_locale`); English for a server that
 * has sent none, or whose language the diner does not speak. Stored (`discord_guilds`), since the process that posts
 * is often not the one that heard the interaction; written when it changes, as far as this process knows, and at
 * most every GUILD_LOCALE_REWRITE_MS otherwise.
 */
export class GuildLocales {
  readonly #orm: Orm;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;
  /** Server id → the tag this process last stored for it, and when. */
  readonly #known = new Map<string, { locale: string; at: number }>();

  constructor({ orm, now, log }: GuildLocalesDeps) {
    this.#orm = orm;
    this.#now = now;
    this.#log = log;
  }

  /** An interaction came from this server, in this language: remember it. Never throws (the command goes on). */
  async heard(guildId: string, guildLocale: string): Promise<void> {
    const known = this.#known.get(guildId);
    if (known?.locale === guildLocale && this.#now() - known.at < GUILD_LOCALE_REWRITE_MS) return;
    try {
      await discordSql(this.#orm.em.fork())
        .insertInto('discord_guilds')
        .values({ guild_id: guildId, locale: guildLocale, updated_at: new Date(this.#now()) })
        .onConflict((conflict) =>
          conflict
            .column('guild_id')
            .doUpdateSet((eb) => ({ locale: eb.ref('excluded.locale'), updated_at: eb.ref('excluded.updated_at') }))
            .where((eb) => eb('discord_guilds.locale', '<>', eb.ref('excluded.locale'))),
        )
        .execute();
      this.#remember(guildId, guildLocale);
    } catch (error) {
      this.#log.warn({ err: error, guildId }, "could not remember a server's language");
    }
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
    this.#known.delete(guildId);
    await discordSql(this.#orm.em.fork()).deleteFrom('discord_guilds').where('guild_id', '=', guildId).execute();
  }

  #remember(guildId: string, guildLocale: string): void {
    this.#known.delete(guildId);
    this.#known.set(guildId, { locale: guildLocale, at: this.#now() });
    if (this.#known.size > REMEMBERED_GUILDS) this.#known.delete(this.#known.keys().next().value!);
  }
}
