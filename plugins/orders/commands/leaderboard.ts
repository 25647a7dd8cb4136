import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { ordersCatalogue, ordersText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';
import { leaderboardColumn } from './messages.ts';

/** `/leaderboard`: the site's all-time leaderboard (cached 60 s by the stats service), top 5 of each. */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, { name: 'leaderboard' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const board = await ctx.services.orders.stats.leaderboard('all');
    const t = ordersText(ctx.locale);
    await ctx.reply({
      embeds: [
        {
          title: t('leaderboardTitle'),
          fields: [
            { name: t('leaderboard.chefs'), value: leaderboardColumn(board.chefs, ctx.locale), inline: true },
            { name: t('leaderboard.drivers'), value: leaderboardColumn(board.drivers, ctx.locale), inline: true },
            { name: t('leaderboard.customers'), value: leaderboardColumn(board.customers, ctx.locale), inline: true },
          ],
        },
      ],
      ephemeral: false,
    });
  },
});
