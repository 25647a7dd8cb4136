import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { text } from '../../../core/shared/text.ts';
import { MAX_FEEDBACK_COMMENT } from '../feedback.ts';
import { ordersCatalogue, ordersText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';
import { starsOf } from './messages.ts';

/** `/rate order:<id> stars:<1-5> [comment]`: feedback on a delivered order, once (the feedback service's rules). */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, {
    name: 'rate',
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: 'order',
        required: true,
        min_length: 6,
        max_length: 6,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'stars',
        required: true,
        min_value: 1,
        max_value: 5,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'comment',
        max_length: MAX_FEEDBACK_COMMENT,
      },
    ],
  }),
  guard: null,
  options: z.object({
    order: text()
      .trim()
      .regex(/^[A-Za-z2-9]{6}$/, 'An order ID is 6 letters and digits.'),
    stars: z.number().int().min(1, 'Stars are 1 to 5.').max(5, 'Stars are 1 to 5.'),
    comment: text().max(MAX_FEEDBACK_COMMENT).optional(),
  }),
  async handler(ctx) {
    const feedback = await ctx.services.orders.feedback.rate(
      ctx.user.id,
      ctx.options.order,
      ctx.options.stars,
      ctx.options.comment ?? null,
    );
    await ctx.reply({
      content: ordersText(ctx.locale)('rated', { orderID: feedback.orderID, stars: starsOf(feedback.stars) }),
      ephemeral: true,
    });
  },
});
