/** `node tests/stand-ins/stripe/main.ts [--webhook URL]`: the Stripe stand-in, for running the product locally. */
import { STAND_IN_PRICES, startStripeStandIn } from './server.ts';

const at = process.argv.indexOf('--webhook');
const webhookUrl = at > 0 ? process.argv[at + 1] : `http://127.0.0.1:${process.env.APP_PORT ?? 4321}/api/stripe/webhook`;
const standIn = await startStripeStandIn({
  port: Number(process.env.PORT ?? 0) || undefined,
  webhookUrl,
  // A fixed secret, so the printed settings stay valid across restarts of the stand-in.
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_standin_local',
});
const plans = STAND_IN_PRICES.map((p, i) => ({
  id: p.name.toLowerCase(),
  priceId: p.id,
  name: p.name,
  monthlyPrice: `$${(p.unitAmount / 100).toFixed(2)}`,
  perks: [i === 0 ? 'SUPPORTER' : 'PATRON'],
  rankId: null,
}));
console.log(`Stripe stand-in at ${standIn.url}, sending webhooks to ${webhookUrl}. Start the app with:`);
for (const [name, value] of Object.entries(standIn.env)) console.log(`${name}=${value}`);
console.log(`STRIPE_PLANS='${JSON.stringify(plans)}'`);
console.log(`Control: curl -X POST ${standIn.url}/_control/subscriptions/{id}/renew|fail-payment|end-period`);
