import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { expectLedgerMatchesBalances } from '../../tests/support/ledger.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import type { StorePlugin } from './index.ts';

/**
 * The ledger under concurrency. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these
 * race for real, and only the conditional debit and the unique reference give the counts below.
 */
describe('coin ledger', () => {
  let app: TestApp;
  let coins: StorePlugin['coins'];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    coins = (app.server.ctx.services.store as StorePlugin).coins;
  });
  afterAll(() => app?.close());

  it('credits and debits, each with one ledger row, and says how many coins are missing', async () => {
    const user = await app.createUser();
    expect(await coins.balance(user.id)).toBe(0);
    expect(await coins.credit({ userId: user.id, amount: 120, kind: 'ADMIN', reference: `t:${newId()}`, reason: 'Welcome' })).toEqual({ applied: true, balance: 120 });
    expect(await coins.debit({ userId: user.id, amount: 20, kind: 'PURCHASE', reference: `t:${newId()}` })).toEqual({ applied: true, balance: 100 });
    await expect(coins.debit({ userId: user.id, amount: 150, kind: 'PURCHASE', reference: `t:${newId()}` })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Not enough coins: you need 50 more.',
      details: { balance: 100, short: 50 },
    });
    const history = await coins.transactions(user.id);
    expect(history.map((t) => [t.amount, t.kind])).toEqual([
      [-20, 'PURCHASE'],
      [120, 'ADMIN'],
    ]);
    expect(history[1]!.reason).toBe('Welcome');
    await expectLedgerMatchesBalances(app);
  });

  it('a debit from a user who never had coins is refused without writing', async () => {
    const user = await app.createUser();
    await expect(coins.debit({ userId: user.id, amount: 1, kind: 'PURCHASE', reference: 'p:1' })).rejects.toMatchObject({ details: { balance: 0, short: 1 } });
    expect(await coins.transactions(user.id)).toEqual([]);
  });

  it('an unknown user is a 404, not a database error', async () => {
    await expect(coins.credit({ userId: '1234567890123456789', amount: 5, kind: 'REWARD', reference: 'r:1' })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('the same reference credited 20 times at once credits once', async () => {
    const user = await app.createUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => coins.credit({ userId: user.id, amount: 500, kind: 'REWARD', reference: 'objective:42' })));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(results.every((r) => r.balance === 500)).toBe(true);
    expect(await coins.balance(user.id)).toBe(500);
    expect(await coins.transactions(user.id)).toHaveLength(1);
    await expectLedgerMatchesBalances(app);
  });

  it('100 debits at once by a user who can afford 10 take exactly 10, and the balance never goes below 0', async () => {
    const user = await app.createUser();
    await coins.credit({ userId: user.id, amount: 100, kind: 'ADMIN', reference: 'seed' });
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => coins.debit({ userId: user.id, amount: 10, kind: 'PURCHASE', reference: `purchase:${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ kind: 'conflict' });
    expect(await coins.balance(user.id)).toBe(0);
    expect(await coins.transactions(user.id, 200)).toHaveLength(11);
    await expectLedgerMatchesBalances(app);
  });

  it('credits and debits of many users at once all land', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => app.createUser()));
    await Promise.all(users.flatMap((u) => Array.from({ length: 10 }, (_, i) => coins.credit({ userId: u.id, amount: 7, kind: 'HOURLY', reference: `h:${i}` }))));
    await Promise.all(users.flatMap((u) => Array.from({ length: 5 }, (_, i) => coins.debit({ userId: u.id, amount: 3, kind: 'PURCHASE', reference: `p:${i}` }))));
    for (const u of users) expect(await coins.balance(u.id)).toBe(70 - 15);
    await expectLedgerMatchesBalances(app);
  });
});
