import { z } from 'zod';
import { botText } from '../messages.ts';
import { defineCommand } from './define.ts';

/** `/help`: every command with its description, as registered. */
export default defineCommand({
  data: { name: 'help', description: 'What the Virtual Diner bot can do' },
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const commands = ctx.services.discord.dispatcher.list();
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
