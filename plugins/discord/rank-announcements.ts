import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../../core/db/orm.ts';
import type { DomainEvents, EventBus } from '../../core/events.ts';
import { DEFAULT_LOCALE, type Locale } from '../../core/i18n/locales.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { ranksByIdIn } from '../ranks/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type {} from '../users/index.ts'; // the events it declares
import type { GuildLocales } from './guild-locales.ts';
import { discordText } from './i18n/index.ts';
import { type DiscordRest, discordStatus } from './rest.ts';
import { discordSql } from './sql.ts';

type RanksChanged = DomainEvents['userRanksChanged'];

/** A rank name as Discord markdown shows it literally (a `*` or `_` in a name does not start bold or italics). */
const literal = (name: string) => name.replace(/[\\*_~`|>]/g, '\\$&');

/**
 * The announcement's text, in the server's language: the member pinged, their ranks now (names as written, highest
 * first), or that they hold none.
 */
export function rankAnnouncement(
  userId: string,
  rankNames: readonly string[],
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = discordText(locale);
  const member = `<@${userId}>`;
  if (rankNames.length === 0) return t('ranks.removed', { member });
  return t('ranks.now', { member, ranks: rankNames.map((name) => `**${literal(name)}**`).join(', ') });
}

export interface RankAnnouncementsDeps extends Pick<ServiceKernel, 'orm' | 'now' | 'log'> {
  rest: DiscordRest;
  settings: () => SettingsService;
  guilds: GuildLocales;
}

/**
 * Posts each announced rank change (`userRanksChanged` with an announcementId) to the Discord channel set in Site
 * Settings (`rankAnnouncementChannel`), when the bot can post (DISCORD_TOKEN). Every process hears the event; the
 * one whose insert of the announcementId succeeds posts, so the channel reads it once. No channel set: nothing is
 * posted (the member is still told by their notice). A post Discord refuses (unknown channel, no access, Discord
 * down) is logged as a warning and dropped: the rank change stands. Written in the language of the channel's server
 * (guild-locales.ts; the channel's server asked of Discord once per channel), else English.
 */
export class RankAnnouncements {
  readonly #orm: Orm;
  readonly #rest: DiscordRest;
  readonly #settings: () => SettingsService;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;
  readonly #guilds: GuildLocales;
  readonly #pending = new Set<Promise<void>>();
  /** Channel id → its server's id (a channel never moves to another server). */
  readonly #channelGuilds = new Map<string, string>();

  constructor({ orm, rest, settings, guilds, now, log }: RankAnnouncementsDeps) {
    this.#orm = orm;
    this.#rest = rest;
    this.#settings = settings;
    this.#guilds = guilds;
    this.#now = now;
    this.#log = log;
  }

  listen(events: EventBus): () => void {
    return events.on('userRanksChanged', (change) => {
      const work = this.send(change).finally(() => this.#pending.delete(work));
      this.#pending.add(work);
    });
  }

  /** Waits for the posts under way (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** Claims and posts one announced change; never throws. */
  async send(change: RanksChanged): Promise<void> {
    const { announcementId, userId } = change;
    if (!change.announce || !announcementId || !this.#rest.canPost) return;
    try {
      const channelId = await this.#settings().get('rankAnnouncementChannel');
      if (!channelId || !(await this.#claim(announcementId, userId, channelId))) return;
      const locale = await this.#guilds.of(await this.#guildOf(channelId));
      const content = rankAnnouncement(userId, await this.#rankNames(change.ranks), locale);
      await this.#rest.postMessage(channelId, { content, allowed_mentions: { parse: [], users: [userId] } });
    } catch (error) {
      this.#log.warn(
        { err: error, announcementId, userId, status: discordStatus(error) },
        'could not announce a rank change',
      );
    }
  }

  /** The channel's server, as Discord says; null when it will not say (the post then tells in English). */
  async #guildOf(channelId: string): Promise<string | null> {
    const known = this.#channelGuilds.get(channelId);
    if (known) return known;
    try {
      const guildId = await this.#rest.channelGuild(channelId);
      if (guildId) this.#channelGuilds.set(channelId, guildId);
      return guildId;
    } catch (error) {
      this.#log.warn({ err: error, channelId, status: discordStatus(error) }, "could not read a channel's server");
      return null;
    }
  }

  /** One process posts an announcement: the first to insert its id. */
  async #claim(announcementId: string, userId: string, channelId: string): Promise<boolean> {
    const rows = await discordSql(this.#orm.em.fork())
      .insertInto('discord_rank_announcements')
      .values({
        announcement_id: announcementId,
        user_id: userId,
        channel_id: channelId,
        claimed_at: new Date(this.#now()),
      })
      .onConflict((conflict) => conflict.column('announcement_id').doNothing())
      .returning('announcement_id')
      .execute();
    return rows.length > 0;
  }

  /** The ranks' names, highest first (a rank deleted since is left out). */
  async #rankNames(ids: readonly string[]): Promise<string[]> {
    const ranks = await ranksByIdIn(this.#orm.em.fork(), ids);
    return ranks.map((rank) => rank.name);
  }
}
