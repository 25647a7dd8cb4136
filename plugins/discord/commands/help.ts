import { z } from 'zod';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { discordLocaleOf } from '../../../core/i18n/locales.ts';
import { discordCatalogue, discordText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';

/** `/help`: every command with its description, as registered, in the caller's language. */
export default defineCommand({
  data: localizeCommand(discordCatalogue, { name: 'help' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const t = discordText(ctx.locale);
    // The commands' localizations are keyed by Discord's code for the caller's locale.
    const discordLocale = discordLocaleOf(ctx.locale);
    const commands = ctx.services.discord.dispatcher.list();
    const line = ({ data, guard }: (typeof commands)[number]) => {
      const local = <T>(map: Partial<Record<string, T>> | null | undefined) =>
        discordLocale ? map?.[discordLocale] : null;
      const name = local(data.name_localizations) ?? data.name;
      const description = local(data.description_localizations) ?? data.description;
      return `\`/${name}\` ${description}${guard ? ` ${t('helpStaff')}` : ''}`;
    };
    await ctx.reply({
      embeds: [
        { title: t('helpTitle'), description: commands.map(line).join('\n'), footer: { text: t('helpFooter') } },
      ],
      ephemeral: true,
    });
  },
});
