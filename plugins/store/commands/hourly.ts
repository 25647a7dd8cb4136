import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { banMessage, isBanActive } from '../../../core/shared/ban.ts';
import type { UserView } from '../../users/schemas.ts';
import { waitText } from '../hourly.ts';
import { defineCommand } from './define.ts';

export const hourlyText = {
  signInFirst: 'Sign in on the website first, so your coins have somewhere to go.',
  claimed: (amount: number, balance: number) =>
    `You claimed your hourly reward: ${amount.toLocaleString('en')} coins. Your balance is ${balance.toLocaleString('en')} coins. Come back in an hour for more!`,
  tooEarly: (wait: string, balance: number) =>
    `You already claimed your hourly reward. Come back in ${wait}. Your balance is ${balance.toLocaleString('en')} coins.`,
} as const;

/**
 * `/hourly`: the hourly reward (docs/store.md "Hourly"), through the same service as the site's claim button, for
 * the caller's site account (their Discord id is their user id). Always ephemeral: a balance is the caller's own.
 */
export default defineCommand({
  data: { name: 'hourly', description: 'Claim your hourly coin reward' },
  guard: null,
  options: z.object({}),
  async handler(ctx) {
    const store = ctx.services.store;
    let user: UserView;
    try {
      user = await ctx.services.users.users.getPrivate(ctx.user.id);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found')
        return ctx.reply({ content: hourlyText.signInFirst, ephemeral: true });
      throw error;
    }
    if (isBanActive(user.ban, new Date(ctx.now())))
      return ctx.reply({ content: banMessage(user.ban!), ephemeral: true });
    try {
      const claim = await store.hourly.claim(user.id);
      await ctx.reply({ content: hourlyText.claimed(claim.amount, claim.balance), ephemeral: true });
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'rate_limited') throw error;
      const status = await store.hourly.status(user.id);
      const wait = status.nextClaimAt ? waitText(Date.parse(status.nextClaimAt) - ctx.now()) : 'a moment';
      await ctx.reply({ content: hourlyText.tooEarly(wait, status.balance), ephemeral: true });
    }
  },
});
