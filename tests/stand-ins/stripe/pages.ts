/** The stand-in's hosted pages: Checkout and the billing portal, plain HTML forms a browser (or a test) submits. */
export interface CheckoutPageData {
  id: string;
  status: string;
  priceName: string;
  amount: number;
  currency: string;
}

export interface PortalPageData {
  id: string;
  returnUrl: string;
  subscriptions: { id: string; priceName: string; status: string; cancelAtPeriodEnd: boolean; periodEnd: number }[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border-radius:6px;border:1px solid #555;cursor:pointer}
.primary{background:#635bff;color:#fff;border-color:#635bff}.box{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}</style>
</head><body><p><strong>Stripe stand-in</strong> (test mode: no card is charged)</p>${body}</body></html>`;
}

export function checkoutPage(data: CheckoutPageData): string {
  if (data.status !== 'open') {
    return page(
      'Checkout',
      `<main><h1>Checkout</h1><p role="status">This checkout session is ${escapeHtml(data.status)}.</p></main>`,
    );
  }
  return page(
    'Checkout',
    `<main><h1>Subscribe to ${escapeHtml(data.priceName)}</h1>
<div class="box"><p>${escapeHtml(money(data.amount, data.currency))} per month</p><p>Card: 4242 4242 4242 4242 (stand-in)</p></div>
<form method="post" action="/checkout/${escapeHtml(data.id)}/pay"><button class="primary" type="submit">Pay</button></form>
<form method="post" action="/checkout/${escapeHtml(data.id)}/cancel"><button type="submit">Cancel</button></form></main>`,
  );
}

export function portalPage(data: PortalPageData): string {
  const rows = data.subscriptions
    .map((s) => {
      const end = new Date(s.periodEnd * 1000).toISOString().slice(0, 10);
      const state =
        s.status === 'canceled'
          ? 'Cancelled'
          : s.cancelAtPeriodEnd
            ? `Cancels on ${end}`
            : `${s.status}, renews on ${end}`;
      const action =
        s.status !== 'canceled' && !s.cancelAtPeriodEnd
          ? `<form method="post" action="/portal/${escapeHtml(data.id)}/cancel/${escapeHtml(s.id)}"><button type="submit">Cancel plan</button></form>`
          : '';
      return `<div class="box" data-subscription="${escapeHtml(s.id)}"><h2>${escapeHtml(s.priceName)}</h2><p>${escapeHtml(state)}</p>${action}</div>`;
    })
    .join('');
  return page(
    'Billing',
    `<main><h1>Billing</h1>${rows || '<p>No subscriptions.</p>'}<p><a href="${escapeHtml(data.returnUrl)}">Return to Virtual Diner</a></p></main>`,
  );
}
