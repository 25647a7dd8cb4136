/**
 * `npx node tests/stand-ins/stripe/main.ts [--webhook URL]`: the Stripe stand-in, for running the product locally. It
 * prints the settings to start the app with, as `NAME=value` lines a shell takes as they are (README "Against the
 * Stripe stand-in"; tests/process/stripe-recipe.test.ts runs that recipe).
 */
import { DEMO_STRIPE_PLANS } from '../../../plugins/billing/index.ts';
import { STAND_IN_PRICES, startStripeStandIn } from './server.ts';

const at = process.argv.indexOf('--webhook');
const webhookUrl =
  at > 0 ? process.argv[at + 1] : `http://127.0.0.1:${process.env.APP_PORT ?? 4321}/api/stripe/webhook`;
const standIn = await startStripeStandIn({
  port: Number(process.env.PORT ?? 0) || undefined,
  webhookUrl,
  // A fixed secret, so the printed settings stay valid across restarts of the stand-in.
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_standin_local',
});
// The demo plans, as STRIPE_PLANS takes them (core/config.ts): the stand-in sells their prices.
const plans = DEMO_STRIPE_PLANS.filter((plan) => STAND_IN_PRICES.some((price) => price.id === plan.priceId));
/** A value as one shell word: single quotes, a single quote inside written as '\''. */
const shellWord = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
console.log(`Stripe stand-in at ${standIn.url}, sending webhooks to ${webhookUrl}. Start the app with:`);
for (const [name, value] of Object.entries(standIn.env)) console.log(`${name}=${value}`);
console.log(`STRIPE_PLANS=${shellWord(JSON.stringify(plans))}`);
console.log(`Control: curl -X POST ${standIn.url}/_control/subscriptions/{id}/renew|fail-payment|end-period`);
