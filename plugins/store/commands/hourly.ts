import { z } from 'zod';
import { banMessage } from '../../../core/auth/ban-message.ts';
import { DomainError } from '../../../core/errors.ts';
import { localizeCommand } from '../../../core/i18n/commands.ts';
import { isBanActive } from '../../../core/shared/ban.ts';
import type { UserView } from '../../users/schemas.ts';
import { waitIn } from '../hourly.ts';
import { storeCatalogue, storeText } from '../i18n/index.ts';
import { defineCommand } from './define.ts';

/**
 * `/hourly`: the hourly reward (docs/store.md "Hourly"), through the same service as the site's claim button, for
 * the caller's site account (their Discord id is their user id). Always ephemeral: a balance is the caller's own.
 */
export default defineCommand({
  data: localizeCommand(storeCatalogue, { name: 'hourly' }),
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const store = ctx.services.store;
    const t = storeText(ctx.locale);
    let user: UserView;
    try {
      user = await ctx.services.users.users.getPrivate(ctx.user.id);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found')
        return ctx.reply({ content: t('hourly.signInFirst'), ephemeral: true });
      throw error;
    }
    if (isBanActive(user.ban, new Date(ctx.now())))
      return ctx.reply({ content: banMessage(user.ban!, ctx.locale), ephemeral: true });
    try {
      const claim = await store.hourly.claim(user.id);
      await ctx.reply({
        content: t('hourly.claimed', { amount: claim.amount, balance: claim.balance }),
        ephemeral: true,
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'rate_limited') throw error;
      const status = await store.hourly.status(user.id);
      const wait = waitIn(ctx.locale, status.nextClaimAt ? Date.parse(status.nextClaimAt) - ctx.now() : null);
      await ctx.reply({ content: t('hourly.tooEarly', { wait, balance: status.balance }), ephemeral: true });
    }
  },
});
