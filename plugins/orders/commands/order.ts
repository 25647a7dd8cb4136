import { ApplicationCommandOptionType, InteractionContextType, PermissionFlagsBits } from 'discord-api-types/v10';
import { z } from 'zod';
import { localizedError } from '../../../core/i18n/catalogue.ts';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { text } from '../../../core/shared/text.ts';
import { ordersCatalogue, ordersText } from '../i18n/index.ts';
import { MAX_ITEM_LENGTH } from '../schemas.ts';
import { defineCommand } from './define.ts';
import { orderEmbed } from './messages.ts';

/** What the bot needs in the order's channel: see it, post in it, show embeds (the status and the delivery). */
const NEEDED = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks;

/** `/order item:<text>`: every rule is the ordering service's (plugins/orders/ordering.ts) but the channel check. */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, {
    name: 'order',
    // Servers only: the food is delivered in a channel (the handler refuses DMs too, for older clients).
    contexts: [InteractionContextType.Guild],
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'item',
        required: true,
        min_length: 1,
        max_length: MAX_ITEM_LENGTH * 2,
      },
    ],
  }),
  guard: null,
  // The length rule is checked once mentions are resolved to names (ordering.ts); here only that it is text.
  options: z.object({ item: text().max(MAX_ITEM_LENGTH * 10) }),
  async handler(ctx) {
    if (ctx.appPermissions !== null && (ctx.appPermissions & NEEDED) !== NEEDED) {
      throw localizedError(ordersText, 'forbidden', 'missingPermissions');
    }
    const { ordering } = ctx.services.orders;
    const order = await ordering.place({
      customer: ctx.user,
      guildId: ctx.guildId,
      channelId: ctx.channelId,
      item: ctx.options.item,
      resolvedUsers: ctx.resolvedUsers,
    });
    await ctx.reply({
      content: ordersText(ctx.locale)('placed', { orderID: order.orderID }),
      embeds: [orderEmbed(order, ctx.locale)],
      ephemeral: false,
      trackOrder: order.id,
    });
  },
});
