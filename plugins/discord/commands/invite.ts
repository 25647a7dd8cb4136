import { z } from 'zod';
import { defineCommand } from '../../../core/commands.ts';
import type { DiscordPlugin } from '../index.ts';
import { botText } from '../messages.ts';

/** `/invite`: the same link as the site's invite page (BOT_INVITE_URL, or built from DISCORD_CLIENT_ID). */
export default defineCommand({
  data: { name: 'invite', description: 'Add Virtual Diner to your own server' },
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const url = (ctx.services.discord as DiscordPlugin).inviteUrl;
    await ctx.reply({ content: url ? botText.invite(url) : botText.inviteMissing, ephemeral: true });
  },
});
