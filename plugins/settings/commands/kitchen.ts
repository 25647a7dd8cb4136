import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { text } from '../../../core/shared/text.ts';
import { settingsCatalogue, settingsText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';

/**
 * `/kitchen open|close reason`: the `kitchen` site setting. Staff only: the caller's site account needs
 * MANAGE_SETTINGS, the permission of the settings it writes (the site's settings page can change it too).
 */
export default defineCommand({
  data: localizeCommand(settingsCatalogue, {
    name: 'kitchen',
    options: [
      { type: ApplicationCommandOptionType.Subcommand, name: 'open' },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'close',
        options: [{ type: ApplicationCommandOptionType.String, name: 'reason', required: true, max_length: 200 }],
      },
    ],
  }),
  guard: { all: ['MANAGE_SETTINGS'] },
  options: z.discriminatedUnion('subcommand', [
    z.object({ subcommand: z.literal('open') }),
    z.object({ subcommand: z.literal('close'), reason: text().trim().min(1).max(200) }),
  ]),
  async handler(ctx) {
    const settings = ctx.services.settings;
    const t = settingsText(ctx.locale);
    // The audit log names the Discord user (their site account has the same id).
    const actor = { id: ctx.user.id, username: ctx.user.username, displayName: ctx.user.globalName };
    if (ctx.options.subcommand === 'open') {
      await settings.set('kitchen', { open: true, reason: '' }, actor);
      return ctx.reply({ content: t('kitchen.opened'), ephemeral: false });
    }
    await settings.set('kitchen', { open: false, reason: ctx.options.reason }, actor);
    await ctx.reply({ content: t('kitchen.closed', { reason: ctx.options.reason }), ephemeral: false });
  },
});
