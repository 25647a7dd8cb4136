import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { ordersCatalogue } from '../i18n/index.ts';
import { defineCommand } from './define.ts';
import { orderEmbed, ordersText } from './messages.ts';

/** `/cancel`: the caller's active order, while it waits in the kitchen or is only claimed (the service's rule). */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, { name: 'cancel' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const { orders } = ctx.services.orders;
    const active = await orders.activeFor(ctx.user.id);
    if (!active) return ctx.reply({ content: ordersText.noActiveOrder, ephemeral: true });
    try {
      const order = await orders.cancelOrder(active.id, ctx.user.id, 'Cancelled by the customer.');
      await ctx.reply({ content: ordersText.cancelled(order), embeds: [orderEmbed(order)], ephemeral: true });
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict') {
        const current = (error.details?.order as typeof active | undefined) ?? active;
        throw new DomainError('conflict', ordersText.tooLateToCancel(current));
      }
      throw error;
    }
  },
});
