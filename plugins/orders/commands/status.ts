import { z } from 'zod';
import { defineCommand } from './define.ts';
import { orderEmbed, ordersText } from './messages.ts';

/** `/status`: the caller's active order, only to them. */
export default defineCommand({
  data: { name: 'status', description: 'See how your order is doing' },
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const order = await ctx.services.orders.orders.activeFor(ctx.user.id);
    if (!order) return ctx.reply({ content: ordersText.noActiveOrder, ephemeral: true });
    await ctx.reply({ embeds: [orderEmbed(order)], ephemeral: true });
  },
});
