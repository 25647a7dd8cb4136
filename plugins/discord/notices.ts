import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../core/events.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { DEMO_USER_IDS } from '../users/index.ts';
import { type DiscordRest, discordStatus } from './rest.ts';

/** Discord's limit for a message's content. */
const MAX_CONTENT = 2000;

/** A notice as a DM: its text, then where on the site to read more. */
export function noticeDm(text: string, link: string | null, publicUrl: string): string {
  const more = link ? `\n${publicUrl}${link.startsWith('/') ? link : `/${link}`}` : '';
  return `${text.slice(0, MAX_CONTENT - more.length)}${more}`;
}

/**
 * Sends each stored notice (`noticeCreated`) as a DM, when the bot can post (DISCORD_TOKEN). Every process hears
 * the event; the one whose conditional claim on the notice's row succeeds sends it, so nobody is DMed twice, and
 * nobody who turned DMs off, and no demo user, is DMed at all. A DM Discord refuses (DMs closed, user unknown,
 * Discord down) is logged as a warning and dropped: the notice is still in the bell.
 */
export class NoticeDms {
  readonly #rest: DiscordRest;
  readonly #notifications: () => NotificationsService;
  readonly #publicUrl: string;
  readonly #log: FastifyBaseLogger;
  readonly #pending = new Set<Promise<void>>();

  constructor(deps: {
    rest: DiscordRest;
    notifications: () => NotificationsService;
    publicUrl: string;
    log: FastifyBaseLogger;
  }) {
    this.#rest = deps.rest;
    this.#notifications = deps.notifications;
    this.#publicUrl = deps.publicUrl;
    this.#log = deps.log;
  }

  listen(events: EventBus): () => void {
    return events.on('noticeCreated', ({ id, userId }) => {
      // The demo users are not Discord accounts (their ids are made up): a DM would go to nobody, or to a stranger.
      if (DEMO_USER_IDS.has(userId)) return;
      const work = this.send(id).finally(() => this.#pending.delete(work));
      this.#pending.add(work);
    });
  }

  /** Waits for the DMs under way (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** Claims and sends one notice's DM; never throws. */
  async send(id: string): Promise<void> {
    if (!this.#rest.canPost) return;
    try {
      const claimed = await this.#notifications().claimDm(id);
      if (!claimed) return;
      await this.#rest.directMessage(claimed.userId, {
        content: noticeDm(claimed.text, claimed.link, this.#publicUrl),
        allowed_mentions: { parse: [] },
      });
    } catch (error) {
      this.#log.warn({ err: error, notificationId: id, status: discordStatus(error) }, 'could not DM a notice');
    }
  }
}
