import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { snowflakeId } from '../../../core/shared/ids.ts';
import { ordersCatalogue, ordersText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';

/** `/profile [user]`: someone's order figures (as customer, chef, driver) and their profile link on the site. */
export default defineCommand({
  data: localizeCommand(ordersCatalogue, {
    name: 'profile',
    options: [{ type: ApplicationCommandOptionType.User, name: 'user' }],
  }),
  guard: null,
  options: z.object({ user: snowflakeId('User').optional() }),
  async handler(ctx) {
    const id = ctx.options.user ?? ctx.user.id;
    const discordUser = id === ctx.user.id ? ctx.user : ctx.resolvedUsers[id];
    const site = await ctx.services.users.users.findPublic(id);
    const name = site?.displayName ?? site?.username ?? discordUser?.globalName ?? discordUser?.username ?? id;
    const figures = await ctx.services.orders.stats.figuresFor(id);
    const publicUrl = ctx.services.orders.orders.publicUrl();
    const t = ordersText(ctx.locale);
    await ctx.reply({
      embeds: [
        {
          title: t('profileTitle', { name }),
          url: `${publicUrl}/users/${id}`,
          fields: [
            { name: t('profile.received'), value: String(figures.ordered), inline: true },
            { name: t('profile.prepared'), value: String(figures.prepared), inline: true },
            { name: t('profile.delivered'), value: String(figures.delivered), inline: true },
          ],
        },
      ],
      ephemeral: false,
    });
  },
});
