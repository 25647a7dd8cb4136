import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import { expectLedgerMatchesBalances } from '../../tests/support/ledger.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { CoinTransactionSchema } from './entities.ts';
import type { StorePlugin } from './index.ts';

describe('wallets and user managers’ adjustments', () => {
  let app: TestApp;
  let store: StorePlugin;
  let notices: { userId: string; kind: string; text: string }[];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    store = appServices(app.server.ctx).store;
    notices = [];
    app.server.ctx.events.on('notice', (n) => void notices.push(n));
  });
  afterAll(() => app?.close());

  const manager = () => app.createUser({ rankPermissions: ['MANAGE_USERS'] });
  const adjust = (auth: Record<string, string>, id: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/client/admin/users/${id}/coins`,
      headers: auth,
      payload: payload as object,
    });

  it('a manager gives and takes coins with a reason: ledger rows of kind ADMIN, an audit entry, a notice', async () => {
    const morgan = await manager();
    const casey = await app.createUser();
    const given = await adjust(morgan.auth, casey.id, { amount: 300, reason: 'Welcome gift' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      balance: 300,
      transaction: { amount: 300, kind: 'ADMIN', reason: 'Welcome gift' },
    });
    const taken = await adjust(morgan.auth, casey.id, { amount: -120, reason: 'Given twice by mistake' });
    expect(taken.json()).toMatchObject({ balance: 180, transaction: { amount: -120, kind: 'ADMIN' } });

    const wallet = await app.inject({
      method: 'GET',
      url: `/api/client/users/${casey.id}/wallet`,
      headers: casey.auth,
    });
    expect(wallet.json()).toMatchObject({
      balance: 180,
      transactions: [
        { amount: -120, reason: 'Given twice by mistake' },
        { amount: 300, reason: 'Welcome gift' },
      ],
    });

    const audit = await app.db.orm.em
      .fork()
      .find(AuditEntrySchema, { action: 'user.coins', targetId: casey.id }, { orderBy: { at: 'asc' } });
    expect(audit.map((a) => [a.before, a.after, a.reason])).toEqual([
      [{ balance: 0 }, { balance: 300 }, 'Welcome gift'],
      [{ balance: 300 }, { balance: 180 }, 'Given twice by mistake'],
    ]);
    expect(notices.filter((n) => n.userId === casey.id).map((n) => n.text)).toEqual([
      'A manager gave you 300 coins: Welcome gift',
      'A manager took 120 coins from you: Given twice by mistake',
    ]);
    await expectLedgerMatchesBalances(app);
  });

  it('taking more than the balance is 409 and writes nothing', async () => {
    const morgan = await manager();
    const casey = await app.createUser();
    await store.coins.credit({ userId: casey.id, amount: 40, kind: 'HOURLY', reference: 'hourly:x' });
    const res = await adjust(morgan.auth, casey.id, { amount: -41, reason: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'The balance is 40 coins: you cannot take 41 coins.', balance: 40 });
    expect(await store.coins.balance(casey.id)).toBe(40);
    expect(await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'user.coins', targetId: casey.id })).toBe(0);
  });

  it("refuses in the reader's language: French for a French request, English without one", async () => {
    const morgan = await manager();
    const casey = await app.createUser();
    await store.coins.credit({ userId: casey.id, amount: 1, kind: 'HOURLY', reference: 'hourly:one' });
    const take = (headers: Record<string, string>) =>
      adjust({ ...morgan.auth, ...headers }, casey.id, { amount: -41, reason: 'Too much' });
    const french = await take({ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(french.statusCode).toBe(409);
    expect(french.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Le solde est de 1 pièce : vous ne pouvez pas retirer 41 pièces.',
      balance: 1,
    });
    const english = await take({});
    expect(english.json()).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: 'The balance is 1 coin: you cannot take 41 coins.',
    });
  });

  it('the rank rules of user managers apply: not oneself, not someone ranked at or above', async () => {
    const low = await app.createUser({ rankPermissions: ['MANAGE_USERS'], rankPosition: 10 });
    const high = await app.createUser({ rankPermissions: ['MANAGE_USERS'], rankPosition: 20 });
    expect((await adjust(low.auth, low.id, { amount: 5, reason: 'For me' })).statusCode).toBe(403);
    expect((await adjust(low.auth, high.id, { amount: 5, reason: 'For you' })).statusCode).toBe(403);
    expect((await adjust(high.auth, low.id, { amount: 5, reason: 'For you' })).statusCode).toBe(200);
    expect((await adjust(high.auth, '1999999999999999999', { amount: 5, reason: 'Nobody' })).statusCode).toBe(404);
  });

  it('bad input is 400 and writes nothing', async () => {
    const morgan = await manager();
    const casey = await app.createUser();
    const cases: unknown[] = [
      {},
      { amount: 0, reason: 'Nothing' },
      { amount: 1.5, reason: 'Half' },
      { amount: '10', reason: 'Text' },
      { amount: 1_000_000_001, reason: 'Too many' },
      { amount: 10 },
      { amount: 10, reason: 'no' },
      { amount: 10, reason: 'x'.repeat(501) },
      { amount: 10, reason: 'Nul \u0000 here' },
      { amount: 10, reason: 'Fine', extra: true },
    ];
    for (const body of cases) {
      const res = await adjust(morgan.auth, casey.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', issues: expect.any(Array) });
    }
    expect((await adjust(morgan.auth, 'not-an-id', { amount: 10, reason: 'Fine' })).statusCode).toBe(400);
    expect(await app.db.orm.em.fork().count(CoinTransactionSchema, { user: casey.id })).toBe(0);
  });

  it('a wallet lists the 20 latest transactions, newest first', async () => {
    const casey = await app.createUser();
    for (let i = 0; i < 25; i++)
      await store.coins.credit({ userId: casey.id, amount: i + 1, kind: 'REWARD', reference: `r:${i}` });
    const wallet = await store.wallets.view(casey.id);
    expect(wallet.balance).toBe((25 * 26) / 2);
    expect(wallet.transactions).toHaveLength(20);
    expect(wallet.transactions[0]!.amount).toBe(25);
  });
});
