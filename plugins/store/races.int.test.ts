import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import { expectLedgerMatchesBalances } from '../../tests/support/ledger.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { HOURLY_INTERVAL_MS } from './earning-schemas.ts';
import { CoinTransactionSchema, GrantSchema } from './entities.ts';
import type { StorePlugin } from './index.ts';
import { SPONSOR_SIGNATURE_HEADER, signSponsorCallback } from './sponsor.ts';

/**
 * Coins and grants under concurrency. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these
 * race for real, and only the conditional debit, the wallet's conditional claim time and the unique references give
 * the counts below.
 */
const START = Date.parse('2026-11-25T12:00:00Z');
const SECRET = 'sponsor-secret-for-tests-0123456789';
const ADS = { AD_SITE_ID: '4242', AD_SCRIPT_URL: 'http://127.0.0.1:9/ads.js', AD_SPONSOR_SECRET: SECRET };

describe('the store under concurrency', () => {
  let app: TestApp;
  let clock = START;
  let store: StorePlugin;
  const notices: { userId: string }[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', ...ADS }, now: () => clock });
    store = appServices(app.server.ctx).store;
    app.server.ctx.events.on('notice', (notice) => void notices.push(notice));
  });
  afterAll(() => app?.close());

  describe('coin ledger', () => {
    const coins = () => store.coins;

    it('the same reference credited 20 times at once credits once', async () => {
      const user = await app.createUser();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          coins().credit({ userId: user.id, amount: 500, kind: 'REWARD', reference: 'objective:42' }),
        ),
      );
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(results.every((r) => r.balance === 500)).toBe(true);
      expect(await coins().balance(user.id)).toBe(500);
      expect(await coins().transactions(user.id)).toHaveLength(1);
      await expectLedgerMatchesBalances(app);
    });

    it('100 debits at once by a user who can afford 10 take exactly 10, and the balance never goes below 0', async () => {
      const user = await app.createUser();
      await coins().credit({ userId: user.id, amount: 100, kind: 'ADMIN', reference: 'seed' });
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) =>
          coins().debit({ userId: user.id, amount: 10, kind: 'PURCHASE', reference: `purchase:${i}` }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ kind: 'conflict' });
      expect(await coins().balance(user.id)).toBe(0);
      expect(await coins().transactions(user.id, 200)).toHaveLength(11);
      await expectLedgerMatchesBalances(app);
    });

    it('credits and debits of many users at once all land', async () => {
      const users = await Promise.all(Array.from({ length: 5 }, () => app.createUser()));
      await Promise.all(
        users.flatMap((u) =>
          Array.from({ length: 10 }, (_, i) =>
            coins().credit({ userId: u.id, amount: 7, kind: 'HOURLY', reference: `h:${i}` }),
          ),
        ),
      );
      await Promise.all(
        users.flatMap((u) =>
          Array.from({ length: 5 }, (_, i) =>
            coins().debit({ userId: u.id, amount: 3, kind: 'PURCHASE', reference: `p:${i}` }),
          ),
        ),
      );
      for (const u of users) expect(await coins().balance(u.id)).toBe(70 - 15);
      await expectLedgerMatchesBalances(app);
    });
  });

  describe('grants', () => {
    const grantIn = (input: Parameters<StorePlugin['grants']['grantIn']>[1]) =>
      app.db.orm.em.fork().transactional((em) => store.grants.grantIn(em, input));
    /** The user's own perks: given by hand, then held by grants. */
    const perksOf = async (id: string) => {
      const user = await app.db.orm.em.fork().findOneOrFail(UserSchema, { id });
      return [...new Set([...user.manualPerks, ...user.grantedPerks])];
    };

    it('the same grant 20 times at once is one grant', async () => {
      const user = await app.createUser();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          grantIn({
            userId: user.id,
            kind: 'perk',
            value: 'FEEDBACK_BETA',
            source: 'sponsor',
            sourceRef: 'pay_1',
            endsAt: null,
          }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await app.db.orm.em.fork().count(GrantSchema, { user: user.id })).toBe(1);
      expect(await perksOf(user.id)).toEqual(['FEEDBACK_BETA']);
    });
  });

  describe('the hourly reward', () => {
    // Each caller from an address of their own: the route's per-address rate limit is not what these tests count.
    const claim = (auth: Record<string, string>, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/client/users/hourly', headers: auth, remoteAddress });

    it('20 claims at once pay once (a race on PostgreSQL), and the ledger still sums to the balance', async () => {
      for (let trial = 0; trial < 3; trial++) {
        clock = START + trial * 10 * HOURLY_INTERVAL_MS;
        const user = await app.createUser();
        // The first trial starts without a wallet row (the insert races), the others with one (the update races).
        if (trial > 0)
          await appServices(app.server.ctx).store.coins.credit({
            userId: user.id,
            amount: 5,
            kind: 'ADMIN',
            reference: `t:${trial}`,
          });
        const answers = await Promise.all(Array.from({ length: 20 }, () => claim(user.auth, `10.1.${trial}.1`)));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(429)]);
        for (const refused of answers.filter((a) => a.statusCode === 429))
          expect(refused.json().nextClaimAt).toBe(new Date(clock + HOURLY_INTERVAL_MS).toISOString());
        const balance = (trial > 0 ? 5 : 0) + 50;
        expect(answers.find((a) => a.statusCode === 200)!.json().balance).toBe(balance);
        expect(await appServices(app.server.ctx).store.coins.balance(user.id)).toBe(balance);
        expect(await app.db.orm.em.fork().count(CoinTransactionSchema, { user: user.id, kind: 'HOURLY' })).toBe(1);
      }
      await expectLedgerMatchesBalances(app);
    });
  });

  describe('sponsors', () => {
    let n = 0;
    async function tokenOf(user: TestUser): Promise<string> {
      const res = await app.inject({ method: 'POST', url: '/api/client/npay/token', headers: user.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().token;
    }
    function callback(body: object) {
      const payload = JSON.stringify(body);
      const header = signSponsorCallback(SECRET, payload, Math.floor(clock / 1000));
      return app.inject({
        method: 'POST',
        url: '/api/npay/callback',
        payload,
        headers: { 'content-type': 'application/json', [SPONSOR_SIGNATURE_HEADER]: header },
      });
    }
    const paymentId = () => `pay_${++n}`;
    const balance = (userId: string) => store.coins.balance(userId);

    it('the same callback 10 times at once credits once (a race on PostgreSQL)', async () => {
      for (let trial = 0; trial < 3; trial++) {
        const casey = await app.createUser();
        const body = { token: await tokenOf(casey), paymentId: paymentId(), productId: '29' };
        const answers = await Promise.all(Array.from({ length: 10 }, () => callback(body)));
        expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
        expect(answers.filter((a) => a.json().credited)).toHaveLength(1);
        expect(await balance(casey.id)).toBe(1000);
        expect(notices.filter((x) => x.userId === casey.id)).toHaveLength(1);
      }
      await expectLedgerMatchesBalances(app);
    });
  });
});
