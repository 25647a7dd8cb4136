import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { ordersCatalogue } from '../i18n/index.ts';
import type { LeaderboardEntry } from '../schemas.ts';
import { defineCommand } from './define.ts';
import { ordersText } from './messages.ts';

const column = (entries: LeaderboardEntry[]) =>
  entries.slice(0, 5).map(ordersText.leaderboardLine).join('\n') || ordersText.leaderboardEmpty;

/** `/leaderboard`: the site's all-time leaderboard (cached 60 s by the stats service), top 5 of each. */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, { name: 'leaderboard' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const board = await ctx.services.orders.stats.leaderboard('all');
    await ctx.reply({
      embeds: [
        {
          title: ordersText.leaderboardTitle,
          fields: [
            { name: 'Chefs', value: column(board.chefs), inline: true },
            { name: 'Drivers', value: column(board.drivers), inline: true },
            { name: 'Customers', value: column(board.customers), inline: true },
          ],
        },
      ],
      ephemeral: false,
    });
  },
});
