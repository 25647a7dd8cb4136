import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { HOURLY_INTERVAL_MS } from './earning-schemas.ts';
import { CoinTransactionSchema } from './entities.ts';

const START = Date.parse('2026-11-25T12:00:00Z');

describe('the hourly reward', () => {
  let app: TestApp;
  let clock = START;
  // Each caller from an address of their own: the route's per-address rate limit is not what these tests count.
  const claim = (auth: Record<string, string>, remoteAddress = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/client/users/hourly', headers: auth, remoteAddress });

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
  });
  afterAll(() => app?.close());

  it('pays hourlyReward once per rolling hour, answering the balance and when the next claim opens', async () => {
    clock = START;
    const user = await app.createUser();
    const first = await claim(user.auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      amount: 50,
      balance: 50,
      nextClaimAt: new Date(START + HOURLY_INTERVAL_MS).toISOString(),
    });

    clock = START + HOURLY_INTERVAL_MS - 5 * 60_000 + 1;
    const early = await claim(user.auth);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'You already claimed your hourly reward. Come back in 5 minutes.',
      nextClaimAt: new Date(START + HOURLY_INTERVAL_MS).toISOString(),
    });

    clock = START + HOURLY_INTERVAL_MS;
    const second = await claim(user.auth);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ amount: 50, balance: 100 });

    const store = appServices(app.server.ctx).store;
    expect(await store.hourly.status(user.id)).toEqual({
      balance: 100,
      amount: 50,
      lastClaimAt: new Date(clock).toISOString(),
      nextClaimAt: new Date(clock + HOURLY_INTERVAL_MS).toISOString(),
    });
    const rows = await app.db.orm.em
      .fork()
      .find(CoinTransactionSchema, { user: user.id }, { orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.kind, r.amount, r.reference])).toEqual([
      ['HOURLY', 50, `hourly:${new Date(START).toISOString()}`],
      ['HOURLY', 50, `hourly:${new Date(START + HOURLY_INTERVAL_MS).toISOString()}`],
    ]);
  });

  it("refuses an early claim in the reader's language, the wait in that language's words", async () => {
    clock = START;
    const user = await app.createUser();
    const claimIn = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/client/users/hourly',
        headers: { ...user.auth, ...headers },
        remoteAddress: '10.0.0.2',
      });
    expect((await claimIn({})).statusCode).toBe(200);
    clock = START + HOURLY_INTERVAL_MS - 30_000;
    const german = await claimIn({ 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.statusCode).toBe(429);
    expect(german.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Du hast deine stündliche Belohnung schon abgeholt. Komm in weniger als einer Minute wieder.',
      nextClaimAt: new Date(START + HOURLY_INTERVAL_MS).toISOString(),
    });
    expect((await claimIn({})).json().message).toBe(
      'You already claimed your hourly reward. Come back in less than a minute.',
    );
  });

  it('pays the hourlyReward setting as it is now, and says a first claim is open at once', async () => {
    clock = START;
    const manager = await app.createUser({ permissions: ['MANAGE_SETTINGS'] });
    const user = await app.createUser();
    const store = appServices(app.server.ctx).store;
    expect(await store.hourly.status(user.id)).toEqual({
      balance: 0,
      amount: 50,
      lastClaimAt: null,
      nextClaimAt: null,
    });
    const set = await app.inject({
      method: 'POST',
      url: '/api/client/settings/hourlyReward',
      headers: manager.auth,
      payload: { val: 75 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await claim(user.auth)).json()).toMatchObject({ amount: 75, balance: 75 });
    await app.inject({
      method: 'POST',
      url: '/api/client/settings/hourlyReward',
      headers: manager.auth,
      payload: { val: 50 },
    });
  });
});
