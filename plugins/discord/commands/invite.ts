import { z } from 'zod';
import { botText } from '../messages.ts';
import { defineCommand } from './define.ts';

/** `/invite`: the same link as the site's invite page (BOT_INVITE_URL, or built from DISCORD_CLIENT_ID). */
export default defineCommand({
  data: { name: 'invite', description: 'Add Virtual Diner to your own server' },
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const url = ctx.services.discord.inviteUrl;
    await ctx.reply({ content: url ? botText.invite(url) : botText.inviteMissing, ephemeral: true });
  },
});
