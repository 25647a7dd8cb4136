import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { expectLedgerMatchesBalances } from '../../tests/support/ledger.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { StorePlugin } from './index.ts';

/** The ledger: credits and debits with their ledger rows; under concurrency in races.int.test.ts. */
describe('coin ledger', () => {
  let app: TestApp;
  let coins: StorePlugin['coins'];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    coins = appServices(app.server.ctx).store.coins;
  });
  afterAll(() => app?.close());

  it('credits and debits, each with one ledger row, and says how many coins are missing', async () => {
    const user = await app.createUser();
    expect(await coins.balance(user.id)).toBe(0);
    expect(
      await coins.credit({ userId: user.id, amount: 120, kind: 'ADMIN', reference: `t:${newId()}`, reason: 'Welcome' }),
    ).toEqual({ applied: true, balance: 120 });
    expect(await coins.debit({ userId: user.id, amount: 20, kind: 'PURCHASE', reference: `t:${newId()}` })).toEqual({
      applied: true,
      balance: 100,
    });
    await expect(
      coins.debit({ userId: user.id, amount: 150, kind: 'PURCHASE', reference: `t:${newId()}` }),
    ).rejects.toMatchObject({
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
    await expect(coins.debit({ userId: user.id, amount: 1, kind: 'PURCHASE', reference: 'p:1' })).rejects.toMatchObject(
      { details: { balance: 0, short: 1 } },
    );
    expect(await coins.transactions(user.id)).toEqual([]);
  });

  it('an unknown user is a 404, not a database error', async () => {
    await expect(
      coins.credit({ userId: '1234567890123456789', amount: 5, kind: 'REWARD', reference: 'r:1' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });
});
