import type { FastifyBaseLogger } from 'fastify';
import { UserSchema } from '../../core/auth/entities.ts';
import type { Config } from '../../core/config.ts';
import type { Orm } from '../../core/db/orm.ts';
import { PreparedQuery } from '../../core/db/prepared.ts';
import type { EventBus } from '../../core/events.ts';
import { type Locale, localeOf } from '../../core/i18n/locales.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import type { OrdersService } from '../orders/index.ts'; // the events it declares
import { orderEmbed } from '../orders/index.ts';
import type { OrderView } from '../orders/schemas.ts';
import { fillDeliveryMessage } from '../users/schemas.ts';
import { customerLocaleOf, deliveryDefaultIn } from './delivery-default.ts';
import type { GuildLocales } from './guild-locales.ts';
import { discordText } from './i18n/index.ts';
import { type DiscordRest, discordStatus, type MessageBody } from './rest.ts';
import { discordSql, discordWriter } from './sql.ts';
import { postStatusOnce, STATUS_MESSAGE, type StatusMessage } from './status-post.ts';

/** Discord keeps an interaction token 15 minutes; we stop using it a minute early. */
export const INTERACTION_TOKEN_MS = 14 * 60 * 1000;
/** How long Discord keeps an interaction token: an order older than this has none that still works. */
const DISCORD_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Where the reply to an order's `/order` is, remembered as the reply goes out (every `/order`: a hot path): one
 * prepared `insert … on conflict do update` by the primary key.
 */
const TRACK = new PreparedQuery<
  {
    orderId: string;
    applicationId: string;
    token: string;
    tokenExpiresAt: Date;
    channelId: string | null;
    locale: Locale;
    now: Date;
  },
  never
>('discord.track', (param) =>
  discordWriter
    .insertInto('discord_order_messages')
    .values({
      order_id: param('orderId'),
      application_id: param('applicationId'),
      interaction_token: param('token'),
      token_expires_at: param('tokenExpiresAt'),
      channel_id: param('channelId'),
      message_id: null,
      status_posting_until: null,
      delivery_claimed_at: null,
      locale: param('locale'),
      created_at: param('now'),
    })
    .onConflict((conflict) =>
      conflict.column('order_id').doUpdateSet((eb) => ({
        application_id: eb.ref('excluded.application_id'),
        interaction_token: eb.ref('excluded.interaction_token'),
        token_expires_at: eb.ref('excluded.token_expires_at'),
        channel_id: eb.ref('excluded.channel_id'),
        message_id: null,
        status_posting_until: null,
        delivery_claimed_at: null,
        locale: eb.ref('excluded.locale'),
        created_at: eb.ref('excluded.created_at'),
      })),
    ),
);

/**
 * How long this process trusts that an order has no status message before it reads again: an order tracked by
 * another process (which knows it from the start) is edited by that one meanwhile, and by every process after this.
 */
export const UNKNOWN_MESSAGE_RECHECK_MS = 60_000;
/** At most this many orders' status messages are remembered; the oldest are forgotten first (and read again if needed). */
const REMEMBERED_MESSAGES = 10_000;
/** Order events after which the order's message is edited no more. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['DELIVERED', 'CANCELLED', 'DELETED']);

/** A picture URL Discord can fetch: ours are made absolute with PUBLIC_URL. */
function absolute(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

export interface OrderMessagesDeps extends Pick<ServiceKernel, 'orm' | 'config' | 'now' | 'log'> {
  rest: DiscordRest;
  orders: () => OrdersService;
  guilds: GuildLocales;
}

/**
 * What the bot does when an order moves (listening on the event bus, which the PostgreSQL bridge feeds from other
 * processes): it edits the order's status message, and on `deliverOrder` posts the driver's delivery message with
 * the pictures in the order's channel, in the customer's DMs when the channel refuses (403/404), and marks the
 * order `deliveryFailed` when both refuse.
 *
 * Status edits run one at a time per order, in event order. Several processes hearing one event may each edit
 * the message (the same content: harmless); the delivery is posted once, by whichever process claims it first
 * (a conditional write on the order's row).
 */
export class OrderMessages {
  readonly #orm: Orm;
  readonly #rest: DiscordRest;
  readonly #orders: () => OrdersService;
  readonly #config: Config;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;
  readonly #guilds: GuildLocales;
  readonly #queues = new Map<string, Promise<void>>();
  /**
   * Each active order's status message as this process knows it (null: it has none), so an order event reads
   * nothing: known from `track` for the orders this process took, read once otherwise. A "none" is read again after
   * UNKNOWN_MESSAGE_RECHECK_MS; a message id another process stored is found when this one would post (status-post.ts).
   */
  readonly #known = new Map<string, { message: StatusMessage | null; at: number }>();

  constructor({ orm, rest, orders, guilds, config, now, log }: OrderMessagesDeps) {
    this.#guilds = guilds;
    this.#orm = orm;
    this.#rest = rest;
    this.#orders = orders;
    this.#config = config;
    this.#now = now;
    this.#log = log;
  }

  /** Starts listening. Returns what stops it. */
  listen(events: EventBus): () => void {
    const update = ({ order }: { order: OrderView }) => this.#enqueue(order.id, () => this.updateStatus(order));
    const stops = [
      events.on('orderUpdated', update),
      events.on('cancelOrder', update),
      events.on('orderDeleted', update),
      events.on('deliverOrder', ({ order }) =>
        this.#enqueue(order.id, async () => {
          await this.updateStatus(order);
          if (!order.report) await this.deliver(order);
        }),
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Waits for every edit and delivery in progress (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.#queues.size > 0) await Promise.all(this.#queues.values());
  }

  /** The reply to this interaction shows the order: remember how to edit it. */
  async track(
    orderId: string,
    via: { applicationId: string; token: string; channelId: string | null; locale: Locale },
  ): Promise<void> {
    const now = this.#now();
    const tokenExpiresAt = new Date(now + INTERACTION_TOKEN_MS);
    await TRACK.run(this.#orm, this.#orm.em.fork(), {
      orderId,
      applicationId: via.applicationId,
      token: via.token,
      tokenExpiresAt,
      channelId: via.channelId,
      locale: via.locale,
      now: new Date(now),
    });
    this.#remember(orderId, {
      application_id: via.applicationId,
      interaction_token: via.token,
      token_expires_at: tokenExpiresAt,
      channel_id: via.channelId,
      message_id: null,
      locale: via.locale,
    });
  }

  /**
   * Edits the order's status message: the interaction's reply while its token lasts; afterwards a message the bot
   * posts in the channel once and edits from then on (needs DISCORD_TOKEN; without it the reply stays as it was).
   */
  async updateStatus(order: OrderView): Promise<void> {
    // Without a bot token only the interaction's token can edit, and none outlives Discord's 15 minutes from the
    // order: nothing to read for an older order.
    const ended = FINAL_STATUSES.has(order.status);
    if (!this.#rest.canPost && this.#now() >= Date.parse(order.orderedAt) + DISCORD_TOKEN_LIFETIME_MS) {
      this.#known.delete(order.id);
      return;
    }
    const row = await this.#statusMessage(order.id);
    if (ended) this.#known.delete(order.id);
    if (!row) return;
    const body: MessageBody = {
      embeds: [orderEmbed(order, localeOf(row.locale) ?? 'en')],
      allowed_mentions: { parse: [] },
    };
    try {
      const tokenExpiresAt = row.token_expires_at === null ? null : new Date(row.token_expires_at).getTime();
      if (row.interaction_token && row.application_id && tokenExpiresAt !== null && tokenExpiresAt > this.#now()) {
        await this.#rest.editOriginal(row.application_id, row.interaction_token, body);
      } else if (row.channel_id && this.#rest.canPost) {
        const messageId = row.message_id ?? (await this.#postStatus(order.id, row, body));
        if (messageId) await this.#rest.editMessage(row.channel_id, messageId, body);
      }
    } catch (error) {
      this.#log.warn(
        { err: error, orderID: order.orderID, status: discordStatus(error) },
        'could not update the order status message',
      );
    }
  }

  /** The order's status message: as this process knows it, else read (and then known). */
  async #statusMessage(orderId: string): Promise<StatusMessage | null> {
    const known = this.#known.get(orderId);
    if (known && (known.message || this.#now() - known.at < UNKNOWN_MESSAGE_RECHECK_MS)) return known.message;
    const [row] = await STATUS_MESSAGE.run(this.#orm, this.#orm.em.fork(), { orderId });
    this.#remember(orderId, row ?? null);
    return row ?? null;
  }

  #remember(orderId: string, message: StatusMessage | null): void {
    this.#known.delete(orderId);
    this.#known.set(orderId, { message, at: this.#now() });
    if (this.#known.size > REMEMBERED_MESSAGES) this.#known.delete(this.#known.keys().next().value!);
  }

  /**
   * The bot's own status message, posted once across processes (status-post.ts), with nothing held while Discord
   * answers. Null: nothing to edit (this call posted the current content, or another's post did not finish in time).
   */
  async #postStatus(orderId: string, row: StatusMessage, body: MessageBody): Promise<string | null> {
    const channelId = row.channel_id!;
    const post = () => this.#rest.postMessage(channelId, body);
    const result = await postStatusOnce({ orm: this.#orm, now: this.#now, post }, orderId);
    if (!result) return null;
    const known = this.#known.get(orderId)?.message;
    if (known) Object.assign(known, { message_id: result.id, interaction_token: null });
    return result.posted ? null : result.id;
  }

  /**
   * Posts the delivery: the channel, else the customer's DMs, else the order is marked deliveryFailed. The driver's
   * own message is as they wrote it; the default one is in the language of whoever reads it: the server's in its
   * channel (guild-locales.ts), the customer's in their DMs.
   */
  async deliver(order: OrderView): Promise<void> {
    if (!this.#rest.canPost) return;
    if (!(await this.#claimDelivery(order.id))) return;
    const template = await this.#driverMessage(order);
    if (order.channelId) {
      try {
        const body = this.#deliveryBody(order, template, await this.#guilds.of(order.guildId));
        await this.#rest.postMessage(order.channelId, body);
        return;
      } catch (error) {
        // Usually 403 (no access) or 404 (channel gone); whatever the cause, the customer's DMs are the next place.
        this.#log.warn(
          { err: error, orderID: order.orderID, status: discordStatus(error) },
          'could not post the delivery in its channel',
        );
      }
    }
    const locale = await customerLocaleOf(this.#orm, order.id);
    const t = discordText(locale);
    const body = this.#deliveryBody(order, template, locale);
    const intro = order.channelId ? t('deliveredDm.channel', { channel: order.channelId }) : t('deliveredDm.noChannel');
    try {
      await this.#rest.directMessage(order.orderedBy.id, { ...body, content: `${intro}\n${body.content}` });
    } catch (error) {
      this.#log.warn({ err: error, orderID: order.orderID, status: discordStatus(error) }, 'could not DM the delivery');
      await this.#failed(order);
    }
  }

  /**
   * The bot was removed from a server (GUILD_DELETE): its active orders cannot be delivered. The reason the orders
   * keep is written in that server's language, where they were ordered; then the server's language is forgotten.
   */
  async guildRemoved(guildId: string): Promise<number> {
    const reason = discordText(await this.#guilds.of(guildId))('guildRemoved');
    const cancelled = await this.#orders().cancelForGuild(guildId, reason);
    await this.#guilds.forget(guildId);
    return cancelled.length;
  }

  async #failed(order: OrderView): Promise<void> {
    await this.#orders().markDeliveryFailed(order.id);
  }

  /** One process posts a delivery: the first to set `delivery_claimed_at` on the order's row. */
  async #claimDelivery(orderId: string): Promise<boolean> {
    const now = new Date(this.#now());
    const rows = await discordSql(this.#orm.em.fork())
      .insertInto('discord_order_messages')
      .values({ order_id: orderId, delivery_claimed_at: now, created_at: now })
      .onConflict((conflict) =>
        conflict
          .column('order_id')
          .doUpdateSet((eb) => ({ delivery_claimed_at: eb.ref('excluded.delivery_claimed_at') }))
          .where('discord_order_messages.delivery_claimed_at', 'is', null),
      )
      .returning('order_id')
      .execute();
    return rows.length > 0;
  }

  /** The driver's own delivery message, or null: they have none, and the default is sent. */
  async #driverMessage(order: OrderView): Promise<string | null> {
    const driverId = order.deliveredBy?.id ?? null;
    const driver = driverId
      ? await this.#orm.em.fork().findOne(UserSchema, { id: driverId }, { fields: ['settings'] })
      : null;
    return driver?.settings?.deliveryMessage?.message || null;
  }

  /**
   * The delivery: the driver's message, else the default in `locale` (delivery-default.ts, which the site's deliver
   * dialog previews), its placeholders filled (`{customer}` and the others, and nothing else), with the pictures.
   */
  #deliveryBody(order: OrderView, driverMessage: string | null, locale: Locale): MessageBody {
    const words = deliveryDefaultIn(locale);
    const nameOf = (user: { username: string; displayName: string | null } | null) =>
      user ? (user.displayName ?? user.username) : words.theKitchen;
    const content = fillDeliveryMessage(driverMessage ?? words.message, {
      customer: `<@${order.orderedBy.id}>`,
      chef: nameOf(order.preparedBy),
      driver: nameOf(order.deliveredBy),
      item: order.item,
      orderID: order.orderID,
    }).slice(0, 1900);
    return {
      content,
      embeds: order.images.slice(0, 10).map((url) => ({ image: { url: absolute(url, this.#config.publicUrl) } })),
      // The customer is pinged; nobody else a driver's text might name.
      allowed_mentions: { users: [order.orderedBy.id] },
    };
  }

  #enqueue(orderId: string, work: () => Promise<void>): void {
    const previous = this.#queues.get(orderId) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((error: unknown) => this.#log.error({ err: error, orderId }, 'order message work failed'))
      .finally(() => {
        if (this.#queues.get(orderId) === next) this.#queues.delete(orderId);
      });
    this.#queues.set(orderId, next);
  }
}
