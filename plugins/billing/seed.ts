import type { CoreContext } from '../../core/plugin.ts';
import type { RanksService } from '../ranks/index.ts';
import type { BillingService } from './service.ts';

const CASEY = { id: '1100000000000000001', username: 'casey', displayName: 'Casey Customer' };

/**
 * The plans are configuration (the two demo plans when STRIPE_PLANS is unset), so the subscribe page always has
 * something to show. With Stripe configured, the ranks plans name are made here if missing (no permissions: a title and a colour). When
 * Stripe is the stand-in (STRIPE_API_URL set), Casey Customer subscribes to the first plan through its Checkout
 * page, as a browser would, and is converged at once (the app is not listening yet, so the webhooks go nowhere).
 */
export async function seedBilling(billing: BillingService, ctx: CoreContext, ranks: RanksService): Promise<void> {
  // Without Stripe the plans are only shown ("not set up"): their ranks would be ranks nobody can get.
  if (!billing.configured) return;
  for (const name of new Set(ctx.config.plugins.billing.plans.flatMap((p) => (p.rank ? [p.rank] : [])))) {
    const ladder = await ranks.list();
    if (ladder.some((rank) => rank.name === name)) continue;
    const taken = new Set(ladder.map((r) => r.position));
    const position = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14].find((p) => !taken.has(p));
    if (position === undefined) continue;
    await ranks.insert({ name, position, colour: '#b8860b', permissions: 0 });
  }

  if (!ctx.config.plugins.billing.api) return;
  try {
    const url = await billing.checkout(CASEY, ctx.config.plugins.billing.plans[0]!.id);
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`the stand-in's Pay answered ${paid.status}`);
    await billing.syncUser(CASEY.id);
  } catch (error) {
    ctx.log.warn(
      { err: (error as Error).message },
      'Demo data: Casey Customer could not subscribe through the Stripe stand-in',
    );
  }
}
