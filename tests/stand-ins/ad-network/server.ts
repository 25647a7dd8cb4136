import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the ad network and the storage host of the ad-blocker help manifest, for tests and local
 * runs. `setBlocked(true)` makes it behave as the site sees a network behind an ad-blocker: the script and the
 * probe pixel fail. `setConsentFramework(true)` makes the script install an IAB TCF v2 `__tcfapi`, as ad networks'
 * consent managers do.
 */
export interface AdNetworkStandIn {
  url: string;
  /** What the app's AD_* settings should be. */
  env: {
    AD_SITE_ID: string;
    AD_SCRIPT_URL: string;
    AD_PROBE_URL: string;
    ADBLOCK_HELP_URL: string;
    AD_SPONSOR_SECRET: string;
  };
  setBlocked(blocked: boolean): void;
  setConsentFramework(present: boolean): void;
  /** Sponsor payment callbacks sent to the app, oldest first: what was sent and the app's answer. */
  sponsorCallbacks: {
    url: string;
    body: { token: string; paymentId: string; productId: string };
    status: number;
    answer: string;
  }[];
  /** Paths requested, oldest first (without the query string). Clear with `requests.length = 0`. */
  requests: string[];
  close(): Promise<void>;
}

export const SITE_ID = '4242';
/** What the stand-in signs its sponsor callbacks with; the app's AD_SPONSOR_SECRET. */
export const SPONSOR_SECRET = 'stand-in-sponsor-secret-0123456789';

/** The help manifest this host serves: what the site shows when it can reach it (the site bundles its own copy). */
export const MANIFEST = [
  {
    id: 'standin-blocker',
    name: 'Stand-in Blocker',
    steps: ['Open Stand-in Blocker.', 'Allow this site.', 'Reload the page.'],
    gif: true,
  },
  { id: 'other', name: 'Another ad-blocker', steps: ['Add this site to its allow list.'], gif: false },
];

// A 1x1 transparent GIF: the probe pixel and every help GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The ad script: NitroPay's `createAd(id, { refreshTime, refreshLimit, sizes })` shape. It fills the element with a
 * labelled stand-in ad of the first size that fits and redraws it every refreshTime seconds.
 */
function adScript(consent: boolean): string {
  return `(() => {
  const siteId = document.currentScript && document.currentScript.dataset.siteId;
  const scriptSrc = document.currentScript ? document.currentScript.src : location.href;
  ${consent ? 'window.__tcfapi = function (command, version, callback) { window.__tcfapiCalls = (window.__tcfapiCalls || []).concat(command); if (callback) callback({}, true); };' : ''}
  window.nitroAds = {
    loaded: true,
    createAd(id, options) {
      const el = document.getElementById(id);
      if (!el) return null;
      let shown = 0;
      const render = () => {
        shown += 1;
        const fits = options.sizes.find(([w]) => Number(w) <= el.clientWidth) || options.sizes[options.sizes.length - 1];
        el.innerHTML = '';
        const ad = document.createElement('div');
        ad.className = 'standin-ad';
        ad.dataset.testid = 'ad';
        ad.dataset.siteId = siteId;
        ad.dataset.refreshTime = String(options.refreshTime);
        ad.dataset.refreshLimit = String(options.refreshLimit);
        ad.dataset.shown = String(shown);
        ad.style.cssText = 'width:' + fits[0] + 'px;height:' + fits[1] + 'px;max-width:100%;display:flex;align-items:center;justify-content:center;background:#fde68a;color:#1f2937;font:600 14px system-ui;border-radius:4px';
        ad.textContent = 'Stand-in ad ' + fits[0] + 'x' + fits[1];
        el.append(ad);
      };
      render();
      if (options.refreshTime > 0) {
        const timer = setInterval(() => {
          if (options.refreshLimit > 0 && shown > options.refreshLimit) return clearInterval(timer);
          render();
        }, options.refreshTime * 1000);
      }
      return { id };
    },
    sponsor: {
      // The sponsor button: opens the stand-in's payment page with what the site initialised it with.
      render(id, options) {
        const el = document.getElementById(id);
        if (!el) return null;
        const origin = new URL(scriptSrc).origin;
        const url = new URL('/sponsor/checkout', origin);
        for (const [key, value] of Object.entries({ token: options.token, successUrl: options.successUrl, cancelUrl: options.cancelUrl, productId: options.productId })) url.searchParams.set(key, value);
        const link = document.createElement('a');
        link.className = 'button is-link';
        link.dataset.testid = 'sponsor-button';
        link.href = url.href;
        link.textContent = 'Sponsor with Stand-in Pay';
        el.replaceChildren(link);
        return { id };
      },
    },
  };
})();`;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sponsor payment page the sponsor button opens: pay (the callback, then the success URL) or cancel. */
function checkoutPage(query: URLSearchParams): string {
  const field = (name: string) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Pay: sponsor</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<main><h1>Stand-in Pay</h1><p>Sponsor product <strong>${escapeHtml(query.get('productId') ?? '')}</strong>. Nothing is charged: this is a stand-in.</p>
<form method="post" action="/sponsor/pay">${['token', 'successUrl', 'cancelUrl', 'productId'].map(field).join('')}
<button type="submit">Pay</button> <a href="${escapeHtml(query.get('cancelUrl') ?? '/')}">Cancel</a></form></main></body></html>`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startAdNetworkStandIn(options: { port?: number } = {}): Promise<AdNetworkStandIn> {
  let blocked = false;
  let consent = false;
  const requests: string[] = [];
  const sponsorCallbacks: AdNetworkStandIn['sponsorCallbacks'] = [];
  let payments = 0;

  /** Pays: tells the app with a signed callback (`x-sponsor-signature: t=…,v1=…`), then sends the browser on. */
  async function pay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const successUrl = form.get('successUrl') ?? '';
    let callbackUrl: string;
    try {
      callbackUrl = new URL('/api/npay/callback', successUrl).href;
    } catch {
      return send(res, 400, 'text/plain', 'No success URL');
    }
    payments += 1;
    const body = {
      token: form.get('token') ?? '',
      paymentId: `standin_pay_${Date.now()}_${payments}`,
      productId: form.get('productId') ?? '',
    };
    const raw = JSON.stringify(body);
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', SPONSOR_SECRET).update(`${t}.${raw}`).digest('hex')}`;
    let status = 0;
    let answer = '';
    try {
      const response = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sponsor-signature': signature },
        body: raw,
      });
      status = response.status;
      answer = await response.text();
    } catch (error) {
      answer = String(error);
    }
    sponsorCallbacks.push({ url: callbackUrl, body, status, answer });
    if (status !== 200)
      return send(res, 502, 'text/plain', `The app refused the payment callback (${status}): ${answer}`);
    res.writeHead(303, { location: successUrl, 'cache-control': 'no-store' });
    res.end();
  }

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(path);
    // An ad-blocker stops these two before they leave the browser; a refused request looks the same to the page.
    if (blocked && (path === '/ads.js' || path === '/pixel.gif')) {
      req.socket.destroy();
      return;
    }
    if (path === '/ads.js') return send(res, 200, 'text/javascript; charset=utf-8', adScript(consent));
    if (path === '/pixel.gif') return send(res, 200, 'image/gif', PIXEL);
    if (path === '/help/manifest.json') return send(res, 200, 'application/json', JSON.stringify(MANIFEST));
    if (/^\/help\/[\w-]+\.gif$/.test(path)) return send(res, 200, 'image/gif', PIXEL);
    if (path === '/sponsor/checkout')
      return send(res, 200, 'text/html; charset=utf-8', checkoutPage(new URL(req.url ?? '/', 'http://x').searchParams));
    if (path === '/sponsor/pay' && req.method === 'POST') return void pay(req, res);
    send(res, 404, 'text/plain', 'Not found');
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      AD_SITE_ID: SITE_ID,
      AD_SCRIPT_URL: `${url}/ads.js`,
      AD_PROBE_URL: `${url}/pixel.gif`,
      ADBLOCK_HELP_URL: `${url}/help/manifest.json`,
      AD_SPONSOR_SECRET: SPONSOR_SECRET,
    },
    setBlocked: (value) => {
      blocked = value;
    },
    setConsentFramework: (value) => {
      consent = value;
    },
    requests,
    sponsorCallbacks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
