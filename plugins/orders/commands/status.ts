import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { ordersCatalogue, ordersText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';
import { orderEmbed } from './messages.ts';

/** `/status`: the caller's active order, only to them. */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, { name: 'status' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const order = await ctx.services.orders.orders.activeFor(ctx.user.id);
    if (!order) return ctx.reply({ content: ordersText(ctx.locale)('noActiveOrder'), ephemeral: true });
    await ctx.reply({ embeds: [orderEmbed(order, ctx.locale)], ephemeral: true });
  },
});
