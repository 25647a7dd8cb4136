import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { z } from 'zod';
import { text } from '../../../core/shared/text.ts';
import { defineCommand } from './define.ts';

export const kitchenText = {
  opened: 'The kitchen is open: customers can order again.',
  closed: (reason: string) => `The kitchen is closed: ${reason}`,
} as const;

/**
 * `/kitchen open|close reason`: the `kitchen` site setting. Staff only: the caller's site account needs
 * MANAGE_SETTINGS, the permission of the settings it writes (the site's settings page can change it too).
 */
export default defineCommand({
  data: {
    name: 'kitchen',
    description: 'Open or close the kitchen (staff)',
    options: [
      { type: ApplicationCommandOptionType.Subcommand, name: 'open', description: 'Take orders again' },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'close',
        description: 'Stop taking orders',
        options: [
          {
            type: ApplicationCommandOptionType.String,
            name: 'reason',
            description: 'Told to customers who try to order',
            required: true,
            max_length: 200,
          },
        ],
      },
    ],
  },
  guard: { all: ['MANAGE_SETTINGS'] },
  options: z.discriminatedUnion('subcommand', [
    z.object({ subcommand: z.literal('open') }),
    z.object({ subcommand: z.literal('close'), reason: text().trim().min(1).max(200) }),
  ]),
  async handler(ctx) {
    const settings = ctx.services.settings;
    // The audit log names the Discord user (their site account has the same id).
    const actor = { id: ctx.user.id, username: ctx.user.username, displayName: ctx.user.globalName };
    if (ctx.options.subcommand === 'open') {
      await settings.set('kitchen', { open: true, reason: '' }, actor);
      return ctx.reply({ content: kitchenText.opened, ephemeral: false });
    }
    await settings.set('kitchen', { open: false, reason: ctx.options.reason }, actor);
    await ctx.reply({ content: kitchenText.closed(ctx.options.reason), ephemeral: false });
  },
});
