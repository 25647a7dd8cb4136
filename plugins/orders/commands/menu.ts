import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { ordersCatalogue, ordersText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';

/** `/menu`: food ideas from the food lookup table (names only; the first picture as the embed's thumbnail). */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, { name: 'menu' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const t = ordersText(ctx.locale);
    const items = await ctx.services.orders.foodLookup.list();
    if (items.length === 0) return ctx.reply({ content: t('menuEmpty'), ephemeral: true });
    const shown = items.slice(0, 25);
    const picture = shown.find((i) => /^https:\/\//.test(i.images[0] ?? ''))?.images[0];
    await ctx.reply({
      embeds: [
        {
          title: t('menuTitle'),
          description: shown.map((i) => `• ${i.name}`).join('\n'),
          footer: { text: t('menuFooter') },
          ...(picture ? { thumbnail: { url: picture } } : {}),
        },
      ],
      ephemeral: true,
    });
  },
});
