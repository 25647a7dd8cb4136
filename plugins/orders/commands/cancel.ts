import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { localizedError } from '../../../core/i18n/catalogue.ts';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { ordersCatalogue, ordersText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';
import { orderEmbed } from './messages.ts';

/** `/cancel`: the caller's active order, while it waits in the kitchen or is only claimed (the service's rule). */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, { name: 'cancel' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const { orders } = ctx.services.orders;
    const t = ordersText(ctx.locale);
    const active = await orders.activeFor(ctx.user.id);
    if (!active) return ctx.reply({ content: t('noActiveOrder'), ephemeral: true });
    try {
      // The reason is kept with the order as written: in the language of the customer who gave it.
      const order = await orders.cancelOrder(active.id, ctx.user.id, t('cancelledByCustomer'));
      await ctx.reply({
        content: t('cancelled', { orderID: order.orderID }),
        embeds: [orderEmbed(order, ctx.locale)],
        ephemeral: true,
      });
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict') {
        const current = (error.details?.order as typeof active | undefined) ?? active;
        const { orderID, status } = current;
        throw localizedError(ordersText, 'conflict', 'tooLateToCancel', { orderID, status });
      }
      throw error;
    }
  },
});
