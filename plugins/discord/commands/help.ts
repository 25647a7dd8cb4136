import { z } from 'zod';
import { defineCommand } from '../../../core/commands.ts';
import type { DiscordPlugin } from '../index.ts';
import { botText } from '../messages.ts';

/** `/help`: every command with its description, as registered. */
export default defineCommand({
  data: { name: 'help', description: 'What the Virtual Diner bot can do' },
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const commands = (ctx.services.discord as DiscordPlugin).dispatcher.list();
    await ctx.reply({
      embeds: [
        {
          title: botText.helpTitle,
          description: commands
            .map((c) => `\`/${c.data.name}\` ${c.data.description}${c.guard ? ' (staff)' : ''}`)
            .join('\n'),
          footer: { text: botText.helpFooter },
        },
      ],
      ephemeral: true,
    });
  },
});
