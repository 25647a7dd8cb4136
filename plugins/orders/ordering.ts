import { bannedError } from '../../core/auth/ban-message.ts';
import type { Config } from '../../core/config.ts';
import { localizedError } from '../../core/i18n/catalogue.ts';
import type { ServiceKernel } from '../../core/plugin.ts';
import { isBanActive } from '../../core/shared/ban.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserAdminService } from '../users/index.ts';
import { ordersText } from './i18n/index.ts';
import { MAX_ITEM_LENGTH, type Mention, type OrderView } from './schemas.ts';
import type { OrdersService } from './service.ts';

/** Who orders, as Discord describes them. */
export interface Customer {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
}

export interface PlaceOrderInput {
  customer: Customer;
  guildId: string | null;
  channelId: string | null;
  /** The text as typed: mentions as `<@id>`. */
  item: string;
  /** Users Discord resolved for the text (`resolved.users`), by id. */
  resolvedUsers: Readonly<Record<string, { username: string; globalName: string | null }>>;
}

const LINK_RE = /(?:https?:\/\/|www\.|discord(?:app)?\.(?:gg|com\/invite)\/)\S*/i;
const EVERYONE_RE = /@(?:everyone|here)\b/i;
const ROLE_MENTION_RE = /<@&\d+>/;
const USER_MENTION_RE = /<@!?(\d{15,25})>/g;

/**
 * An order's text as the kitchen reads it: user mentions become `@name` (from what Discord resolved), so the
 * stored item never pings anyone. Refused: links, @everyone/@here, role mentions, and anything outside 1 to 200
 * characters once resolved. Pure: the rule is the same for every transport.
 */
export function resolveItemText(
  text: string,
  resolvedUsers: PlaceOrderInput['resolvedUsers'],
): { item: string; mentions: Mention[] } {
  if (LINK_RE.test(text)) throw localizedError(ordersText, 'bad_request', 'refusal.link');
  if (EVERYONE_RE.test(text) || ROLE_MENTION_RE.test(text)) {
    throw localizedError(ordersText, 'bad_request', 'refusal.mass');
  }
  const mentions = new Map<string, Mention>();
  const item = text
    .replace(USER_MENTION_RE, (_match, id: string) => {
      const user = resolvedUsers[id];
      const name = user ? (user.globalName ?? user.username) : 'someone';
      if (user) mentions.set(id, { id, name });
      return `@${name}`;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (item.length === 0) throw localizedError(ordersText, 'bad_request', 'refusal.empty');
  if (item.length > MAX_ITEM_LENGTH)
    throw localizedError(ordersText, 'bad_request', 'refusal.tooLong', { max: MAX_ITEM_LENGTH });
  return { item, mentions: [...mentions.values()] };
}

export interface CustomerOrderingDeps extends Pick<ServiceKernel, 'config' | 'now'> {
  orders: OrdersService;
  settings: SettingsService;
  admin: UserAdminService;
}

/**
 * Placing an order from Discord: every rule the issue lists, in the order a customer would want to hear them
 * (the kitchen, then who they are, then what they typed, then timing). The one-active-order rule is the orders
 * service's own (a partial unique index); the cooldown is in memory, per process (a restart or a second bot
 * process forgets it: it is a brake on spamming, not a guarantee).
 */
export class CustomerOrdering {
  readonly #config: Config;
  readonly #now: () => number;
  readonly #orders: OrdersService;
  readonly #settings: SettingsService;
  readonly #admin: UserAdminService;
  /** Customer id → when they may order again (ms). */
  readonly #cooldowns = new Map<string, number>();

  constructor({ config, now, orders, settings, admin }: CustomerOrderingDeps) {
    this.#config = config;
    this.#now = now;
    this.#orders = orders;
    this.#settings = settings;
    this.#admin = admin;
  }

  async place(input: PlaceOrderInput): Promise<OrderView> {
    const kitchen = await this.#settings.get('kitchen');
    if (!kitchen.open) {
      throw kitchen.reason
        ? localizedError(ordersText, 'unavailable', 'refusal.closed', { reason: kitchen.reason })
        : localizedError(ordersText, 'unavailable', 'refusal.closedNow');
    }
    await this.#assertMayOrder(input.customer);
    if (!input.guildId) throw localizedError(ordersText, 'bad_request', 'refusal.serverOnly');
    const { item, mentions } = resolveItemText(input.item, input.resolvedUsers);
    const now = this.#now();
    const until = this.#cooldowns.get(input.customer.id);
    if (until !== undefined && until > now) {
      const seconds = Math.ceil((until - now) / 1000);
      throw localizedError(ordersText, 'rate_limited', 'refusal.cooldown', { seconds }, { retryAfter: seconds });
    }
    const order = await this.#orders.createOrder({
      customerId: input.customer.id,
      guildId: input.guildId,
      channelId: input.channelId,
      item,
      mentions,
    });
    this.#cooldowns.set(input.customer.id, now + this.#config.plugins.orders.botOrderCooldownMs);
    if (this.#cooldowns.size > 10_000) this.#forgetExpired(now);
    return order;
  }

  /**
   * Banned (reason, expiry, where to appeal) or blacklisted customers may not order; unknown users may. Reading their
   * standing also writes the name and avatar Discord sent (users plugin), so the kitchen sees who ordered and a ban
   * or a blacklist entry can be set on them.
   */
  async #assertMayOrder(customer: Customer): Promise<void> {
    const { ban, blacklist } = await this.#admin.orderingStanding({
      id: customer.id,
      username: customer.username,
      global_name: customer.globalName,
      avatar: customer.avatar,
    });
    const url = `${this.#config.publicUrl}/appeal`;
    if (ban && isBanActive(ban, new Date(this.#now()))) {
      throw bannedError(ban, { reason: ban.reason, expires: ban.expires }, (locale) =>
        ordersText(locale)('refusal.appeal', { url }),
      );
    }
    if (blacklist?.active) {
      throw blacklist.reason
        ? localizedError(ordersText, 'forbidden', 'refusal.blacklisted', { reason: blacklist.reason, url })
        : localizedError(ordersText, 'forbidden', 'refusal.blacklistedNoReason', { url });
    }
  }

  #forgetExpired(now: number): void {
    for (const [id, until] of this.#cooldowns) if (until <= now) this.#cooldowns.delete(id);
  }
}
