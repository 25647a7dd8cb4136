import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { discordCatalogue, discordText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';

/** `/invite`: the same link as the site's invite page (BOT_INVITE_URL, or built from DISCORD_CLIENT_ID). */
export default defineCommand({
  data: localizeCommand(discordCatalogue, { name: 'invite' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const t = discordText(ctx.locale);
    const url = ctx.services.discord.inviteUrl;
    await ctx.reply({ content: url ? t('invite', { url }) : t('inviteMissing'), ephemeral: true });
  },
});
