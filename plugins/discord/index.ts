import { z } from 'zod';
import { definePluginConfig, optionalString } from '../../core/config.ts';
import { definePlugin } from '../../core/plugin.ts';
import notifications from '../notifications/index.ts';
import orders from '../orders/index.ts';
import settings from '../settings/index.ts';
import { deliveryDefaultRoutes, interactionsRoutes } from './api.ts';
import help from './commands/help.ts';
import invite from './commands/invite.ts';
import { DeliveryDefaults } from './delivery-default.ts';
import { CommandDispatcher } from './dispatch.ts';
import { discordEntities } from './entities.ts';
import { GuildLocales } from './guild-locales.ts';
import { discordCatalogue } from './i18n/index.ts';
import { migrations } from './migrations/index.ts';
import { NoticeDms } from './notices.ts';
import { OrderMessages } from './notifier.ts';
import { discordPersonalData } from './personal-data.ts';
import { RankAnnouncements } from './rank-announcements.ts';
import { DiscordRest } from './rest.ts';

export interface DiscordPlugin {
  rest: DiscordRest;
  /** Runs every plugin's slash commands: the interactions endpoint and the gateway client both call it. */
  dispatcher: CommandDispatcher;
  /** Order status messages and deliveries. */
  messages: OrderMessages;
  /** Notices sent as DMs. */
  noticeDms: NoticeDms;
  /** Announced rank changes posted to the rank announcement channel. */
  rankAnnouncements: RankAnnouncements;
  /** Each server's language, for what the bot posts there for everyone. */
  guilds: GuildLocales;
  /** An order's default delivery words in the language the bot would post them in (the deliver dialog's preview). */
  deliveryDefaults: DeliveryDefaults;
  inviteUrl: string | null;
}

/**
 * The bot's shared half: the command dispatcher, `POST /api/interactions`, the Discord REST client, and what the
 * bot does as orders move (status edits, deliveries). Last in the plugin list: it serves every plugin's commands.
 * Listens to order events only when the bot is configured (DISCORD_TOKEN or DISCORD_PUBLIC_KEY), and DMs notices
 * (plugins/notifications) and posts announced rank changes (to Site Settings' rankAnnouncementChannel) only with
 * DISCORD_TOKEN.
 */
/** The plugins whose services discord uses, its commands too (commands/define.ts). */
export const requires = [settings, notifications, orders] as const;

/** The bot's HTTP interactions (validated at start with core's variables, core/config.ts). */
const discordConfig = definePluginConfig({
  env: {
    /** HTTP interactions are verified with the application's public key (hex). */
    DISCORD_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
        .optional(),
    ),
  },
  /** `publicKey`: the Ed25519 public key (hex) for HTTP interactions; unset: POST /api/interactions does not exist. */
  of: (e) => ({ publicKey: e.DISCORD_PUBLIC_KEY?.toLowerCase() }),
});
declare module '../../core/config.ts' {
  interface PluginConfigs {
    discord: ReturnType<typeof discordConfig.of>;
  }
}

export default definePlugin({
  config: discordConfig,
  name: 'discord',
  i18n: discordCatalogue,
  personalData: () => discordPersonalData,
  requires,
  entities: discordEntities,
  migrations,
  service: (ctx): DiscordPlugin => {
    const rest = new DiscordRest(ctx.config);
    const guilds = new GuildLocales(ctx);
    const messages = new OrderMessages({ ...ctx, rest, guilds, orders: () => ctx.services.orders.orders });
    if (ctx.config.discord.token || ctx.config.plugins.discord.publicKey) messages.listen(ctx.events);
    const noticeDms = new NoticeDms({
      rest,
      notifications: () => ctx.services.notifications.notifications,
      publicUrl: ctx.config.publicUrl,
      log: ctx.log,
    });
    if (rest.canPost) noticeDms.listen(ctx.events);
    const rankAnnouncements = new RankAnnouncements({ ...ctx, rest, guilds, settings: () => ctx.services.settings });
    if (rest.canPost) rankAnnouncements.listen(ctx.events);
    return {
      rest,
      messages,
      noticeDms,
      rankAnnouncements,
      guilds,
      deliveryDefaults: new DeliveryDefaults({ orm: ctx.orm, guilds, orders: () => ctx.services.orders.orders }),
      dispatcher: new CommandDispatcher(ctx.commands, ctx, messages, guilds),
      inviteUrl: ctx.config.inviteUrl,
    };
  },
  routes: (app, plugin, ctx) => {
    deliveryDefaultRoutes(app, plugin.deliveryDefaults);
    interactionsRoutes(app, plugin.dispatcher, plugin.rest, ctx);
  },
  commands: [help, invite],
});
