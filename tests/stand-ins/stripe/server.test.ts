import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStripeForm } from './form.ts';
import { type StripeStandIn, startStripeStandIn } from './server.ts';

/** The stand-in as the real SDK sees it, and a small webhook receiver that verifies with the SDK. */
describe('Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let receiver: Server;
  const received: Stripe.Event[] = [];
  const rejected: string[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const api = new URL(standIn.url);
    stripe = new Stripe(standIn.secretKey, {
      host: api.hostname,
      port: Number(api.port),
      protocol: 'http',
      maxNetworkRetries: 0,
      timeout: 1000,
    });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          received.push(
            stripe.webhooks.constructEvent(
              Buffer.concat(chunks),
              String(req.headers['stripe-signature']),
              standIn.webhookSecret,
              300,
            ),
          );
          res.writeHead(200).end('{}');
        } catch (error) {
          rejected.push((error as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    standIn.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise((r) => receiver.close(r));
  });
  beforeEach(() => {
    received.length = 0;
    rejected.length = 0;
    standIn.setDelivery({});
    standIn.setOutage('none');
  });

  async function checkout() {
    const customer = await stripe.customers.create({ metadata: { userId: '42' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: '42',
      line_items: [{ price: 'price_standin_supporter', quantity: 1 }],
      success_url: 'http://app.test/subscribe?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscribe',
    });
    return { customer, session };
  }

  it('parses bracket-nested forms', () => {
    expect(
      parseStripeForm(
        'line_items[0][price]=p&line_items[0][quantity]=1&metadata[a]=b&expand[]=x&expand[]=y&mode=subscription',
      ),
    ).toEqual({
      line_items: [{ price: 'p', quantity: '1' }],
      metadata: { a: 'b' },
      expand: ['x', 'y'],
      mode: 'subscription',
    });
  });

  it('refuses a wrong key as Stripe does', async () => {
    const other = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: Number(new URL(standIn.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(other.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });

  it('creates a checkout session whose hosted page pays and redirects, then sends signed events', async () => {
    const { customer, session } = await checkout();
    expect(session.status).toBe('open');
    expect(session.url).toBe(`${standIn.url}/checkout/${session.id}`);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('Pay');
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/subscribe?session_id=${session.id}`);
    await standIn.idle();
    expect(rejected).toEqual([]);
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    ]);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.status).toBe('complete');
    const subs = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(subs.data).toHaveLength(1);
    const sub = subs.data[0]!;
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]!.current_period_end).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    expect((await stripe.subscriptions.retrieve(sub.id)).id).toBe(sub.id);
  });

  it('cancel on the hosted page goes to cancel_url; sessions expire', async () => {
    const { session } = await checkout();
    const cancelled = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.headers.get('location')).toBe('http://app.test/subscribe');
    standIn.expireSession(session.id);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  it('renews, fails a payment, cancels at period end through the portal, and ends', async () => {
    const { customer, session } = await checkout();
    const subId = await standIn.pay(session.id);
    const before = (await stripe.subscriptions.retrieve(subId)).items.data[0]!.current_period_end;
    await standIn.renew(subId);
    expect((await stripe.subscriptions.retrieve(subId)).items.data[0]!.current_period_end).toBe(before + 30 * 86400);
    await standIn.failPayment(subId);
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe('past_due');
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/subscribe',
    });
    expect(await (await fetch(portal.url)).text()).toContain('Cancel plan');
    await fetch(`${portal.url}/cancel/${subId}`, { method: 'POST', redirect: 'manual' });
    expect((await stripe.subscriptions.retrieve(subId)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('http://app.test/subscribe');
    await standIn.endPeriod(subId);
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe('canceled');
    await standIn.idle();
    expect(received.map((e) => e.type)).toContain('customer.subscription.deleted');
    expect(rejected).toEqual([]);
  });

  it('delivers twice, in reverse, or late when switched', async () => {
    standIn.setDelivery({ times: 2, reverse: true });
    const { session } = await checkout();
    await standIn.pay(session.id);
    expect(received.map((e) => e.type)).toEqual([
      'invoice.paid',
      'invoice.paid',
      'checkout.session.completed',
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.created',
    ]);
    received.length = 0;
    standIn.setDelivery({ hold: true });
    const second = await checkout();
    await standIn.pay(second.session.id);
    expect(received).toEqual([]);
    standIn.setDelivery({});
    await standIn.releaseHeld();
    expect(received).toHaveLength(3);
  });

  it('signs with the real scheme: the SDK refuses another secret or an old timestamp', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    expect(stripe.webhooks.constructEvent(payload, standIn.sign(payload), standIn.webhookSecret, 300).id).toBe('evt_1');
    expect(() =>
      stripe.webhooks.constructEvent(
        payload,
        standIn.sign(payload, { secret: 'whsec_other' }),
        standIn.webhookSecret,
        300,
      ),
    ).toThrow();
    expect(() =>
      stripe.webhooks.constructEvent(
        payload,
        standIn.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
        standIn.webhookSecret,
        300,
      ),
    ).toThrow(/tolerance/);
  });

  it('plays an outage: 500, a dropped connection, no answer', async () => {
    standIn.setOutage('500');
    await expect(stripe.customers.create({})).rejects.toMatchObject({ type: 'StripeAPIError' });
    standIn.setOutage('refuse');
    await expect(stripe.customers.create({})).rejects.toMatchObject({ type: 'StripeConnectionError' });
    standIn.setOutage('hang');
    await expect(stripe.customers.create({})).rejects.toMatchObject({ type: 'StripeConnectionError' });
  });
});
