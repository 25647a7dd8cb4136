import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { CoinTransactionSchema } from './entities.ts';
import { SPONSOR_SIGNATURE_HEADER, SPONSOR_TOKEN_TTL_MS, signSponsorCallback } from './sponsor.ts';

const SECRET = 'sponsor-secret-for-tests-0123456789';
const ADS = { AD_SITE_ID: '4242', AD_SCRIPT_URL: 'http://127.0.0.1:9/ads.js', AD_SPONSOR_SECRET: SECRET };

describe('sponsors: the token and the ad network’s signed callback', () => {
  let app: TestApp;
  let clock = Date.parse('2026-11-25T12:00:00Z');
  let notices: { userId: string; kind: string; text: string }[];
  let n = 0;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', ...ADS }, now: () => clock });
    notices = [];
    app.server.ctx.events.on('notice', (notice) => void notices.push(notice));
  });
  afterAll(() => app?.close());

  async function tokenOf(user: TestUser): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/client/npay/token', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token;
  }
  function callback(body: object | string, options: { secret?: string; at?: number; header?: string } = {}) {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const header =
      options.header ??
      signSponsorCallback(options.secret ?? SECRET, payload, Math.floor((options.at ?? clock) / 1000));
    return app.inject({
      method: 'POST',
      url: '/api/npay/callback',
      payload,
      headers: { 'content-type': 'application/json', [SPONSOR_SIGNATURE_HEADER]: header },
    });
  }
  const paymentId = () => `pay_${++n}`;
  const balance = (userId: string) => appServices(app.server.ctx).store.coins.balance(userId);

  it('@me carries a token for the signed-in user, the same kind POST /api/client/npay/token returns', async () => {
    const casey = await app.createUser();
    const me = (await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: casey.auth })).json();
    expect(me.nitroPayToken).toMatch(new RegExp(`^v1\\.${casey.id}\\.\\d+\\.[\\w-]{43}$`));
    const issued = await app.inject({ method: 'POST', url: '/api/client/npay/token', headers: casey.auth });
    expect(issued.json()).toEqual({
      token: me.nitroPayToken,
      expiresAt: new Date(clock + SPONSOR_TOKEN_TTL_MS).toISOString(),
    });
  });

  it('a completed payment credits sponsorReward once (kind REWARD, reference sponsor:{paymentId}) and thanks the user', async () => {
    const casey = await app.createUser();
    const token = await tokenOf(casey);
    const id = paymentId();
    const first = await callback({ token, paymentId: id, productId: '29' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, credited: true });
    expect(await balance(casey.id)).toBe(1000);
    const again = await callback({ token, paymentId: id, productId: '29' });
    expect(again.json()).toEqual({ received: true, credited: false });
    expect(await balance(casey.id)).toBe(1000);
    const rows = await app.db.orm.em.fork().find(CoinTransactionSchema, { user: casey.id });
    expect(rows.map((r) => [r.kind, r.amount, r.reference])).toEqual([['REWARD', 1000, `sponsor:${id}`]]);
    expect(notices.filter((x) => x.userId === casey.id)).toEqual([
      expect.objectContaining({
        kind: 'sponsor.thanks',
        text: 'Thank you for sponsoring Virtual Diner! 1,000 coins were added to your balance.',
      }),
    ]);
  });

  it("what /store?success=true tells a user back from the flow: the coins on their way, then those the callback credited, for a token's life", async () => {
    const sponsor = appServices(app.server.ctx).store.sponsor;
    const casey = await app.createUser();
    expect(await sponsor.returnFor(casey.id)).toEqual({ reward: 1000, credited: null });
    const paidAt = clock;
    expect((await callback({ token: await tokenOf(casey), paymentId: paymentId(), productId: '29' })).statusCode).toBe(
      200,
    );
    expect(await sponsor.returnFor(casey.id)).toEqual({ reward: 1000, credited: 1000 });
    clock = paidAt + SPONSOR_TOKEN_TTL_MS + 1000;
    try {
      expect(await sponsor.returnFor(casey.id)).toEqual({ reward: 1000, credited: null });
    } finally {
      clock = paidAt;
    }
  });

  it('a bad, missing, old or foreign signature is 401 and changes nothing', async () => {
    const casey = await app.createUser();
    const body = JSON.stringify({ token: await tokenOf(casey), paymentId: paymentId(), productId: '29' });
    const t = Math.floor(clock / 1000);
    const good = signSponsorCallback(SECRET, body, t);
    const headers = [
      '',
      'garbage',
      signSponsorCallback('another-secret-0123456789abcdef', body, t),
      signSponsorCallback(SECRET, body, t - 301),
      signSponsorCallback(SECRET, body, t + 301),
      good.replace(/v1=./, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0')),
      `t=${t + 1},${good.split(',')[1]}`,
    ];
    for (const header of headers) expect((await callback(body, { header })).statusCode, header).toBe(401);
    // The same signature over other bytes.
    expect((await callback(body.replace('"29"', '"29" '), { header: good })).statusCode).toBe(401);
    expect(await balance(casey.id)).toBe(0);
    // Within the tolerance it passes.
    expect((await callback(body, { header: signSponsorCallback(SECRET, body, t - 299) })).statusCode).toBe(200);
  });

  it('a forged, altered or expired token, or bad input, is 400 and credits nothing', async () => {
    const casey = await app.createUser();
    const other = await app.createUser();
    const token = await tokenOf(casey);
    const [v, id, expires, mac] = token.split('.');
    const cases: [string, unknown][] = [
      [
        'another user in the token',
        { token: [v, other.id, expires, mac].join('.'), paymentId: paymentId(), productId: '29' },
      ],
      [
        'a later expiry',
        { token: [v, id, Number(expires) + 3600, mac].join('.'), paymentId: paymentId(), productId: '29' },
      ],
      ['no mac', { token: [v, id, expires].join('.'), paymentId: paymentId(), productId: '29' }],
      ['another product', { token, paymentId: paymentId(), productId: '30' }],
      ['no payment id', { token, productId: '29' }],
      ['an odd payment id', { token, paymentId: 'a b', productId: '29' }],
      ['an extra field', { token, paymentId: paymentId(), productId: '29', amount: 1 }],
      ['not an object', [1, 2]],
    ];
    for (const [label, body] of cases) {
      const res = await callback(body as object);
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect((await callback('{not json')).statusCode).toBe(400);
    expect(await balance(casey.id)).toBe(0);
    expect(await balance(other.id)).toBe(0);

    clock += SPONSOR_TOKEN_TTL_MS + 1000;
    const expired = await callback({ token, paymentId: paymentId(), productId: '29' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('The sponsor token is not valid or has expired.');
    expect(await balance(casey.id)).toBe(0);
  });
});

describe('sponsors when the ad network is not configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', AD_SPONSOR_SECRET: SECRET } });
  });
  afterAll(() => app?.close());

  it('no token in @me, 503 for the token and the callback', async () => {
    const casey = await app.createUser();
    expect(
      (await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: casey.auth })).json().nitroPayToken,
    ).toBeNull();
    const token = await app.inject({ method: 'POST', url: '/api/client/npay/token', headers: casey.auth });
    expect(token.statusCode).toBe(503);
    expect(token.json().message).toBe('Sponsor payments are not set up.');
    const payload = JSON.stringify({ token: 'x', paymentId: 'p', productId: '29' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/npay/callback',
      payload,
      headers: {
        'content-type': 'application/json',
        [SPONSOR_SIGNATURE_HEADER]: signSponsorCallback(SECRET, payload, Math.floor(Date.now() / 1000)),
      },
    });
    expect(res.statusCode).toBe(503);
    // Nobody can come back from a flow that is not there: /store?success=true thanks nobody.
    expect(await appServices(app.server.ctx).store.sponsor.returnFor(casey.id)).toBeNull();
  });
});
