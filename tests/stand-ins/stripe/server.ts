import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FormValue, parseStripeForm } from './form.ts';
import { checkoutPage, portalPage } from './pages.ts';

/**
 * A local stand-in for the part of Stripe's API the billing plugin uses (https://docs.stripe.com/api), for tests and
 * local runs: the real `stripe` SDK talks to it (`host`, `port`, `protocol: 'http'`). Customers, prices, Checkout
 * Sessions in subscription mode with a hosted page, subscriptions, billing portal sessions with a page that cancels,
 * and webhooks signed with Stripe's scheme. State lives in memory.
 */

export interface StandInPrice {
  id: string;
  /** The product's name, shown on the hosted pages. */
  name: string;
  /** In the currency's smallest unit. */
  unitAmount: number;
  currency?: string;
}

type Json = Record<string, unknown>;
type Subscription = Json & {
  id: string;
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  items: { object: 'list'; data: (Json & { price: Json; current_period_start: number; current_period_end: number })[] };
};
type CheckoutSession = Json & {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  priceId: string;
};

export type Outage = 'none' | '500' | 'refuse' | 'hang';

export interface Delivery {
  eventId: string;
  type: string;
  /** The app's answer; 0 when it could not be reached. */
  status: number;
}

export interface StripeStandIn {
  /** e.g. `http://127.0.0.1:43210`. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** What the app's STRIPE_* settings should be (STRIPE_PLANS is the app's own; see plugins/billing/README). */
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_URL: string };
  /** Where webhooks go (the app's `/api/stripe/webhook`); none are sent before it is set. */
  setWebhookUrl(url: string | null): void;
  /** Makes the API (`/v1/…`) answer 500, drop the connection, or never answer. The hosted pages keep working. */
  setOutage(outage: Outage): void;
  /** Delivery switches: every event sent `times` times (twice: 2), each batch in reverse order, or held until `releaseHeld`. */
  setDelivery(options: { times?: number; reverse?: boolean; hold?: boolean }): void;
  /** Sends the held events (oldest first unless reverse) and waits for the answers. */
  releaseHeld(): Promise<void>;
  /** Resolves when no delivery is in flight. */
  idle(): Promise<void>;
  deliveries: Delivery[];
  /** Every event created, oldest first. */
  events: Json[];
  /** Sends one event again (as Stripe's "resend"). */
  resend(eventId: string): Promise<number>;
  /** A `Stripe-Signature` header for a payload, at a given time (seconds) and with a given secret. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  /** Pays an open Checkout Session as the hosted page's Pay button does; returns the subscription id. */
  pay(sessionId: string): Promise<string>;
  /** The next period is paid: the period moves on a month (a subscription cancelling at period end ends instead). */
  renew(subscriptionId: string): Promise<void>;
  /** The renewal payment fails: past_due. */
  failPayment(subscriptionId: string): Promise<void>;
  /** Sets cancel_at_period_end as the portal's "Cancel plan" does. */
  cancelAtPeriodEnd(subscriptionId: string, cancel?: boolean): Promise<void>;
  /** The period ends and the subscription with it: canceled, `customer.subscription.deleted`. */
  endPeriod(subscriptionId: string): Promise<void>;
  /** Makes an open Checkout Session expire now. */
  expireSession(sessionId: string): void;
  subscriptionsOf(customerId: string): Subscription[];
  customers(): Json[];
  checkoutSessions(): CheckoutSession[];
  /** API requests received (method and path), oldest first. */
  requests: string[];
  close(): Promise<void>;
}

export const STAND_IN_PRICES: StandInPrice[] = [
  { id: 'price_standin_supporter', name: 'Supporter', unitAmount: 299 },
  { id: 'price_standin_patron', name: 'Patron', unitAmount: 799 },
];

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const copy = <T>(value: T): T => structuredClone(value);

export async function startStripeStandIn(
  options: {
    port?: number;
    prices?: StandInPrice[];
    webhookUrl?: string;
    secretKey?: string;
    webhookSecret?: string;
  } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_standin';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  let webhookUrl = options.webhookUrl ?? null;
  let outage: Outage = 'none';
  let delivery = { times: 1, reverse: false, hold: false };
  const held: Json[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const deliveries: Delivery[] = [];
  const events: Json[] = [];
  const requests: string[] = [];

  const prices = new Map<string, Json>();
  for (const p of options.prices ?? STAND_IN_PRICES) {
    prices.set(p.id, {
      id: p.id,
      object: 'price',
      active: true,
      currency: p.currency ?? 'usd',
      unit_amount: p.unitAmount,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
      product: `prod_${p.id}`,
      nickname: p.name,
      livemode: false,
    });
  }
  const customers = new Map<string, Json>();
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, Subscription>();
  const portals = new Map<string, Json & { id: string; customer: string; return_url: string }>();
  const idempotent = new Map<string, [number, Json]>();
  let url = '';

  const sign = (payload: string, o: { timestamp?: number; secret?: string } = {}) => {
    const t = o.timestamp ?? now();
    const v1 = createHmac('sha256', o.secret ?? webhookSecret)
      .update(`${t}.${payload}`)
      .digest('hex');
    return `t=${t},v1=${v1}`;
  };

  const post = async (event: Json): Promise<number> => {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sign(payload),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ eventId: event.id as string, type: event.type as string, status });
    return status;
  };
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };
  /** Sends a batch of events as the switches say; resolves when the app has answered them all. */
  const emit = async (batch: Json[]) => {
    const ordered = delivery.reverse ? [...batch].reverse() : batch;
    if (delivery.hold) {
      held.push(...ordered);
      return;
    }
    await track(
      (async () => {
        for (const event of ordered) {
          // Duplicates go at once, as Stripe's retries can overlap the first delivery.
          await Promise.all(Array.from({ length: delivery.times }, () => post(event)));
        }
      })(),
    );
  };
  const event = (type: string, object: Json): Json => {
    const e = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: copy(object) },
    };
    events.push(e);
    return e;
  };
  const invoice = (sub: Subscription, status: 'paid' | 'open'): Json => {
    const item = sub.items.data[0]!;
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: item.price.unit_amount,
      currency: item.price.currency,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
    };
  };

  const getSub = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`No such subscription: ${id}`);
    return sub;
  };
  const pay = async (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`Checkout session ${sessionId} is not open`);
    const price = prices.get(session.priceId)!;
    const start = now();
    const sub: Subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer!,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      livemode: false,
      metadata: copy((session.subscription_data as Json | undefined)?.metadata ?? {}),
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: copy(price),
            quantity: 1,
            current_period_start: start,
            current_period_end: start + 30 * DAY,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = sub.id;
    const paid = invoice(sub, 'paid');
    sub.latest_invoice = paid.id;
    await emit([
      event('customer.subscription.created', sub),
      event('checkout.session.completed', session),
      event('invoice.paid', paid),
    ]);
    return sub.id;
  };
  const renew = async (id: string) => {
    const sub = getSub(id);
    if (sub.cancel_at_period_end) return endPeriod(id);
    const item = sub.items.data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + 30 * DAY;
    sub.status = 'active';
    const paid = invoice(sub, 'paid');
    sub.latest_invoice = paid.id;
    await emit([event('invoice.paid', paid), event('customer.subscription.updated', sub)]);
  };
  const failPayment = async (id: string) => {
    const sub = getSub(id);
    sub.status = 'past_due';
    const open = invoice(sub, 'open');
    sub.latest_invoice = open.id;
    await emit([event('invoice.payment_failed', open), event('customer.subscription.updated', sub)]);
  };
  const cancelAtPeriodEnd = async (id: string, cancel = true) => {
    const sub = getSub(id);
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? sub.items.data[0]!.current_period_end : null;
    await emit([event('customer.subscription.updated', sub)]);
  };
  const endPeriod = async (id: string) => {
    const sub = getSub(id);
    sub.status = 'canceled';
    sub.ended_at = now();
    sub.canceled_at ??= now();
    await emit([event('customer.subscription.deleted', sub)]);
  };
  const sessionView = (s: CheckoutSession): Json => {
    if (s.status === 'open' && s.expires_at <= now()) s.status = 'expired';
    const { priceId: _priceId, ...rest } = s;
    return copy(rest);
  };

  // --- the API ---------------------------------------------------------------------------------------------------
  type Handler = (params: string[], body: Record<string, FormValue>) => [number, Json];
  const missing = (what: string, id: string): [number, Json] => [
    404,
    {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
        param: 'id',
      },
    },
  ];
  const invalid = (message: string, param?: string): [number, Json] => [
    400,
    { error: { type: 'invalid_request_error', message, param } },
  ];
  const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);
  const routes: [string, RegExp, Handler][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_, b) => {
        const c = {
          id: newId('cus'),
          object: 'customer',
          created: now(),
          email: str(b.email) ?? null,
          name: str(b.name) ?? null,
          metadata: b.metadata ?? {},
          livemode: false,
        };
        customers.set(c.id, c);
        return [200, c];
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)$/,
      ([id]) => (customers.has(id!) ? [200, customers.get(id!)!] : missing('customer', id!)),
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      () => [200, { object: 'list', data: [...prices.values()], has_more: false, url: '/v1/prices' }],
    ],
    ['GET', /^\/v1\/prices\/([^/]+)$/, ([id]) => (prices.has(id!) ? [200, prices.get(id!)!] : missing('price', id!))],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_, b) => {
        if (b.mode !== 'subscription') return invalid('The stand-in only knows mode=subscription.', 'mode');
        const customer = str(b.customer);
        if (!customer || !customers.has(customer)) return missing('customer', customer ?? '');
        const items = Array.isArray(b.line_items) ? (b.line_items as Record<string, FormValue>[]) : [];
        const priceId = str(items[0]?.price);
        if (!priceId || !prices.has(priceId)) return missing('price', priceId ?? '');
        const successUrl = str(b.success_url);
        if (!successUrl) return invalid('Missing required param: success_url.', 'success_url');
        const id = newId('cs_test');
        const expiresAt = Number(str(b.expires_at) ?? now() + DAY);
        const s: CheckoutSession = {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer,
          client_reference_id: str(b.client_reference_id) ?? null,
          metadata: b.metadata ?? {},
          subscription: null,
          subscription_data: b.subscription_data ?? {},
          success_url: successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
          cancel_url: str(b.cancel_url) ?? null,
          expires_at: expiresAt,
          created: now(),
          url: `${url}/checkout/${id}`,
          livemode: false,
          priceId,
        };
        sessions.set(id, s);
        return [200, sessionView(s)];
      },
    ],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      ([id]) => (sessions.has(id!) ? [200, sessionView(sessions.get(id!)!)] : missing('checkout.session', id!)),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ([id]) => {
        const s = sessions.get(id!);
        if (!s) return missing('checkout.session', id!);
        if (s.status === 'open') s.status = 'expired';
        return [200, sessionView(s)];
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (_, q) => {
        const status = str(q.status) ?? 'active';
        const data = [...subscriptions.values()]
          .filter((s) => !q.customer || s.customer === q.customer)
          .filter((s) =>
            status === 'all' ? true : status === 'active' ? s.status !== 'canceled' : s.status === status,
          )
          .sort((a, b) => (b.created as number) - (a.created as number));
        return [200, { object: 'list', data: copy(data), has_more: false, url: '/v1/subscriptions' }];
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id]) => (subscriptions.has(id!) ? [200, copy(subscriptions.get(id!)!)] : missing('subscription', id!)),
    ],
    [
      // Cancels at once (no proration, no invoice), as Stripe's `DELETE /v1/subscriptions/{id}` does by default.
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id]) => {
        const sub = subscriptions.get(id!);
        if (!sub) return missing('subscription', id!);
        if (sub.status !== 'canceled') {
          sub.status = 'canceled';
          sub.ended_at = now();
          sub.canceled_at ??= now();
          void emit([event('customer.subscription.deleted', sub)]);
        }
        return [200, copy(sub)];
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_, b) => {
        const customer = str(b.customer);
        if (!customer || !customers.has(customer)) return missing('customer', customer ?? '');
        const id = newId('bps');
        const p = {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: str(b.return_url) ?? url,
          url: `${url}/portal/${id}`,
          created: now(),
          livemode: false,
        };
        portals.set(id, p);
        return [200, p];
      },
    ],
  ];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'request-id': newId('req') });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };

  const server = createServer(async (req, res) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const method = req.method ?? 'GET';
    try {
      if (path.startsWith('/v1/')) {
        requests.push(`${method} ${path}`);
        if (outage === 'refuse') return void req.socket.destroy();
        if (outage === 'hang') return; // never answers; the SDK's timeout ends it
        if (outage === '500') return send(res, 500, { error: { type: 'api_error', message: 'Stand-in outage.' } });
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        }
        const body = parseStripeForm(method === 'GET' || method === 'DELETE' ? query : await readBody(req));
        // Stripe answers a repeated Idempotency-Key with the first answer (docs.stripe.com/api/idempotent_requests).
        const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
        const replay = typeof key === 'string' ? idempotent.get(`${path} ${key}`) : undefined;
        if (replay) return send(res, replay[0], replay[1]);
        for (const [m, pattern, handler] of routes) {
          const match = method === m ? path.match(pattern) : null;
          if (match) {
            const [status, json] = handler(match.slice(1), body);
            if (typeof key === 'string') idempotent.set(`${path} ${key}`, [status, json]);
            return send(res, status, json);
          }
        }
        return send(res, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
        });
      }
      // The hosted pages the browser opens.
      let m = path.match(/^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/);
      if (m) {
        const s = sessions.get(m[1]!);
        if (!s) return send(res, 404, 'No such checkout session', 'text/plain');
        sessionView(s);
        if (method === 'GET' && !m[2]) {
          const price = prices.get(s.priceId)!;
          return send(
            res,
            200,
            checkoutPage({
              id: s.id,
              status: s.status,
              priceName: String(price.nickname),
              amount: price.unit_amount as number,
              currency: String(price.currency),
            }),
            'text/html; charset=utf-8',
          );
        }
        if (method === 'POST' && m[2] === 'pay' && s.status === 'open') {
          await pay(s.id);
          return redirect(res, s.success_url);
        }
        if (method === 'POST' && m[2] === 'cancel') return redirect(res, s.cancel_url ?? s.success_url);
        return redirect(res, `/checkout/${s.id}`);
      }
      m = path.match(/^\/portal\/([^/]+)(?:\/cancel\/([^/]+))?$/);
      if (m) {
        const p = portals.get(m[1]!);
        if (!p) return send(res, 404, 'No such portal session', 'text/plain');
        if (method === 'POST' && m[2]) {
          const sub = subscriptions.get(m[2]);
          if (sub && sub.customer === p.customer && sub.status !== 'canceled') await cancelAtPeriodEnd(sub.id, true);
          return redirect(res, `/portal/${p.id}`);
        }
        const subs = [...subscriptions.values()].filter((s) => s.customer === p.customer);
        return send(
          res,
          200,
          portalPage({
            id: p.id,
            returnUrl: p.return_url,
            subscriptions: subs.map((s) => ({
              id: s.id,
              priceName: String(s.items.data[0]!.price.nickname),
              status: s.status,
              cancelAtPeriodEnd: s.cancel_at_period_end,
              periodEnd: s.items.data[0]!.current_period_end,
            })),
          }),
          'text/html; charset=utf-8',
        );
      }
      // Control endpoints, for local runs (tests call the functions): POST /_control/subscriptions/{id}/{action}.
      m = path.match(/^\/_control\/subscriptions\/([^/]+)\/(renew|fail-payment|end-period)$/);
      if (m && method === 'POST') {
        const action = { renew, 'fail-payment': failPayment, 'end-period': endPeriod }[m[2] as 'renew'];
        await action(m[1]!);
        return send(res, 200, copy(getSub(m[1]!)));
      }
      send(res, 404, 'Not found', 'text/plain');
    } catch (error) {
      send(res, 400, { error: { type: 'invalid_request_error', message: (error as Error).message } });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: url },
    setWebhookUrl: (value) => {
      webhookUrl = value;
    },
    setOutage: (value) => {
      outage = value;
    },
    setDelivery: (o) => {
      delivery = { times: o.times ?? 1, reverse: o.reverse ?? false, hold: o.hold ?? false };
    },
    releaseHeld: async () => {
      const batch = held.splice(0);
      if (delivery.reverse) batch.reverse();
      await track(
        (async () => {
          for (const e of batch) await Promise.all(Array.from({ length: delivery.times }, () => post(e)));
        })(),
      );
    },
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    deliveries,
    events,
    resend: (eventId) => {
      const e = events.find((x) => x.id === eventId);
      if (!e) throw new Error(`No such event: ${eventId}`);
      return track(post(e));
    },
    sign,
    pay,
    renew,
    failPayment,
    cancelAtPeriodEnd,
    endPeriod,
    expireSession: (id) => {
      const s = sessions.get(id);
      if (s) s.expires_at = now() - 1;
    },
    subscriptionsOf: (customerId) => [...subscriptions.values()].filter((s) => s.customer === customerId).map(copy),
    customers: () => [...customers.values()].map(copy),
    checkoutSessions: () => [...sessions.values()].map((s) => copy(s)),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
