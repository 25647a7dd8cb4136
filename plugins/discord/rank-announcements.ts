import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../../core/db/orm.ts';
import type { DomainEvents, EventBus } from '../../core/events.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { ranksByIdIn } from '../ranks/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type {} from '../users/index.ts'; // the events it declares
import { botText } from './messages.ts';
import { type DiscordRest, discordStatus } from './rest.ts';
import { discordSql } from './sql.ts';

type RanksChanged = DomainEvents['userRanksChanged'];

/** A rank name as Discord markdown shows it literally (a `*` or `_` in a name does not start bold or italics). */
const literal = (name: string) => name.replace(/[\\*_~`|>]/g, '\\$&');

/** The announcement's text: the member pinged, their ranks now (names, highest first), or that they hold none. */
export function rankAnnouncement(userId: string, rankNames: readonly string[]): string {
  if (rankNames.length === 0) return botText.ranksRemoved(`<@${userId}>`);
  return botText.ranksNow(`<@${userId}>`, rankNames.map((name) => `**${literal(name)}**`).join(', '));
}

export interface RankAnnouncementsDeps extends Pick<ServiceKernel, 'orm' | 'now' | 'log'> {
  rest: DiscordRest;
  settings: () => SettingsService;
}

/**
 * Posts each announced rank change (`userRanksChanged` with an announcementId) to the Discord channel set in Site
 * Settings (`rankAnnouncementChannel`), when the bot can post (DISCORD_TOKEN). Every process hears the event; the
 * one whose insert of the announcementId succeeds posts, so the channel reads it once. No channel set: nothing is
 * posted (the member is still told by their notice). A post Discord refuses (unknown channel, no access, Discord
 * down) is logged as a warning and dropped: the rank change stands.
 */
export class RankAnnouncements {
  readonly #orm: Orm;
  readonly #rest: DiscordRest;
  readonly #settings: () => SettingsService;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;
  readonly #pending = new Set<Promise<void>>();

  constructor({ orm, rest, settings, now, log }: RankAnnouncementsDeps) {
    this.#orm = orm;
    this.#rest = rest;
    this.#settings = settings;
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
      const content = rankAnnouncement(userId, await this.#rankNames(change.ranks));
      await this.#rest.postMessage(channelId, { content, allowed_mentions: { parse: [], users: [userId] } });
    } catch (error) {
      this.#log.warn(
        { err: error, announcementId, userId, status: discordStatus(error) },
        'could not announce a rank change',
      );
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
