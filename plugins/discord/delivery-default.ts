import type { Orm } from '../../core/db/orm.ts';
import { DEFAULT_LOCALE, type Locale, localeOf } from '../../core/i18n/locales.ts';
import type { OrdersService } from '../orders/index.ts';
import { DEFAULT_DELIVERY_MESSAGE } from '../users/schemas.ts';
import type { GuildLocales } from './guild-locales.ts';
import { discordCatalogue, discordText } from './i18n/index.ts';
import type { DeliveryDefault } from './schemas.ts';
import { STATUS_MESSAGE } from './status-post.ts';

/**
 * The words the bot delivers an order with where the driver wrote none, in `locale`: the default message (the
 * catalogue's text as it stands, a template filled as a driver's own is; English: users' DEFAULT_DELIVERY_MESSAGE)
 * and what `{chef}` is for an order with no chef.
 */
export function deliveryDefaultIn(locale: Locale): DeliveryDefault {
  return {
    locale,
    message: discordCatalogue.messages[locale]['delivery.default'] ?? DEFAULT_DELIVERY_MESSAGE,
    theKitchen: discordText(locale)('delivery.theKitchen'),
  };
}

/**
 * The customer's language, for what the bot DMs them of their order: as their order's status message has it (the
 * language of their `/order`), English when the bot keeps none. Read, not remembered: a delivered order's status
 * message is forgotten once its last edit is made.
 */
export async function customerLocaleOf(orm: Orm, orderId: string): Promise<Locale> {
  const [message] = await STATUS_MESSAGE.run(orm, orm.em.fork(), { orderId });
  return localeOf(message?.locale) ?? DEFAULT_LOCALE;
}

export interface DeliveryDefaultsDeps {
  orm: Orm;
  guilds: GuildLocales;
  orders: () => OrdersService;
}

/** What the deliver dialog previews: an order's default delivery words in the language the bot would post them in. */
export class DeliveryDefaults {
  readonly #orm: Orm;
  readonly #guilds: GuildLocales;
  readonly #orders: () => OrdersService;

  constructor({ orm, guilds, orders }: DeliveryDefaultsDeps) {
    this.#orm = orm;
    this.#guilds = guilds;
    this.#orders = orders;
  }

  /**
   * The order's (its snowflake or orderID; not_found otherwise): in its server's language when it has a channel,
   * where the bot posts it, else in the customer's, in whose DMs it goes. A channel that turns out to refuse the post
   * (the DMs then, in the customer's language) cannot be foreseen.
   */
  async forOrder(ref: string): Promise<DeliveryDefault> {
    const order = await this.#orders().get(ref);
    const locale = order.channelId ? await this.#guilds.of(order.guildId) : await customerLocaleOf(this.#orm, order.id);
    return deliveryDefaultIn(locale);
  }
}
