import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSponsorCallback } from '../../../plugins/store/sponsor.ts';
import { type AdNetworkStandIn, MANIFEST, startAdNetworkStandIn } from './server.ts';

describe('ad network stand-in', () => {
  let standIn: AdNetworkStandIn;
  beforeAll(async () => {
    standIn = await startAdNetworkStandIn();
  });
  afterAll(() => standIn.close());

  it('serves the script, the pixel and the manifest', async () => {
    const script = await fetch(standIn.env.AD_SCRIPT_URL);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('createAd');
    const pixel = await fetch(standIn.env.AD_PROBE_URL);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect(await (await fetch(standIn.env.ADBLOCK_HELP_URL)).json()).toEqual(MANIFEST);
  });

  it('fails the script and the pixel when blocked, not the manifest', async () => {
    standIn.setBlocked(true);
    await expect(fetch(standIn.env.AD_PROBE_URL)).rejects.toThrow();
    await expect(fetch(standIn.env.AD_SCRIPT_URL)).rejects.toThrow();
    expect((await fetch(standIn.env.ADBLOCK_HELP_URL)).status).toBe(200);
    standIn.setBlocked(false);
    expect((await fetch(standIn.env.AD_PROBE_URL)).status).toBe(200);
  });

  it('installs a consent framework only when asked', async () => {
    expect(await (await fetch(standIn.env.AD_SCRIPT_URL)).text()).not.toContain('__tcfapi');
    standIn.setConsentFramework(true);
    expect(await (await fetch(standIn.env.AD_SCRIPT_URL)).text()).toContain('__tcfapi');
  });
});

describe('ad network stand-in: sponsor payments', () => {
  it('offers a sponsor button, and paying sends the signed callback to the app, then the browser to the success URL', async () => {
    const received: { signature: string; body: string }[] = [];
    const app = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ signature: String(req.headers['x-sponsor-signature']), body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true,"credited":true}');
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as { port: number }).port}`;
    const standIn = await startAdNetworkStandIn();
    try {
      expect(await (await fetch(standIn.env.AD_SCRIPT_URL)).text()).toContain('sponsor');
      const query = new URLSearchParams({
        token: 'v1.1.2.mac',
        successUrl: `${appUrl}/store?success=true`,
        cancelUrl: `${appUrl}/store`,
        productId: '29',
      });
      const page = await (await fetch(`${standIn.url}/sponsor/checkout?${query}`)).text();
      expect(page).toContain('Pay');
      expect(page).toContain('value="29"');
      const paid = await fetch(`${standIn.url}/sponsor/pay`, { method: 'POST', body: query, redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`${appUrl}/store?success=true`);
      expect(received).toHaveLength(1);
      const body = JSON.parse(received[0]!.body);
      expect(body).toMatchObject({
        token: 'v1.1.2.mac',
        productId: '29',
        paymentId: expect.stringMatching(/^standin_pay_/),
      });
      const t = Number(/t=(\d+)/.exec(received[0]!.signature)![1]);
      expect(received[0]!.signature).toBe(signSponsorCallback(standIn.env.AD_SPONSOR_SECRET, received[0]!.body, t));
      expect(standIn.sponsorCallbacks).toEqual([expect.objectContaining({ status: 200, body })]);
    } finally {
      await standIn.close();
      await new Promise((resolve) => app.close(resolve));
    }
  });
});
