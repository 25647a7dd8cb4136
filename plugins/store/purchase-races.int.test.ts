import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../core/db/orm.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { until } from '../../tests/support/until.ts';
import { appServices } from '../index.ts';
import type { StorePlugin } from './index.ts';
import type { CreateItemBody } from './schemas.ts';

/**
 * Purchases at once. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these race for real,
 * and only the conditional debit, the conditional stock update and the limit's lock give the counts below.
 */
describe('store purchases under concurrency', () => {
  let app: TestApp;
  let store: StorePlugin;
  let manager: TestUser;

  beforeAll(async () => {
    app = await createTestApp({
      env: { ORDER_SWEEP_INTERVAL_MS: '0', STORE_SWEEP_INTERVAL_MS: '0', STORE_PURCHASES_PER_MINUTE: '0' },
    });
    store = appServices(app.server.ctx).store;
    manager = await app.createUser({ permissions: ['MANAGE_SETTINGS'] });
  });
  afterAll(() => app?.close());

  async function createItem(body: Partial<CreateItemBody> & Pick<CreateItemBody, 'grant'>): Promise<string> {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/store/items',
      headers: manager.auth,
      payload: { name: 'Thing', price: 10, ...body },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().item.id;
  }
  async function userWith(coins: number): Promise<TestUser> {
    const user = await app.createUser();
    await store.coins.credit({ userId: user.id, amount: coins, kind: 'ADMIN', reference: `t:${newId()}` });
    return user;
  }
  const buy = (user: TestUser, id: string, giftUserID?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/client/store/items/purchase',
      headers: user.auth,
      payload: giftUserID ? { id, giftUserID } : { id },
    });
  async function purchasesOf(itemId: string): Promise<number> {
    const [row] = await app.db.orm.em
      .fork()
      .execute<{ n: string | number }[]>('select count(*) as n from store_purchases where item_id = ?', [itemId]);
    return Number(row!.n);
  }
  /** Every user's ledger rows sum to their balance, and no balance is below 0. */
  async function expectLedgerMatchesBalances(): Promise<void> {
    const rows = await app.db.orm.em.fork().execute<{ user_id: string; balance: number; total: number | null }[]>(
      `select u.id as user_id, coalesce(w.balance, 0) as balance, (select sum(amount) from coin_transactions t where t.user_id = u.id) as total
       from users u left join wallets w on w.user_id = u.id`,
    );
    for (const row of rows) {
      expect(Number(row.total ?? 0), `user ${row.user_id}`).toBe(Number(row.balance));
      expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
    }
  }
  function statuses(answers: { statusCode: number }[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
    return counts;
  }

  it('100 purchases at once by a user who can afford 10 give exactly 10', async () => {
    const item = await createItem({ price: 10, grant: { kind: 'perk', perk: 'FEEDBACK_BETA', days: 1 } });
    const user = await userWith(100);
    const answers = await Promise.all(Array.from({ length: 100 }, () => buy(user, item)));
    expect(statuses(answers)).toEqual({ 200: 10, 409: 90 });
    for (const a of answers)
      if (a.statusCode === 409) expect(a.json().message).toBe('Not enough coins: you need 10 more.');
    expect(await store.coins.balance(user.id)).toBe(0);
    expect(await purchasesOf(item)).toBe(10);
    // Ten 1-day grants, each running on from the one before.
    const ends = (await store.grants.activeFor(user.id)).map((g) => Date.parse(g.endsAt!));
    expect(new Set(ends).size).toBe(10);
    await expectLedgerMatchesBalances();
  });

  it('50 buyers of an item with stock 5 give exactly 5', async () => {
    const item = await createItem({ price: 10, grant: { kind: 'custom' }, stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => userWith(50)));
    const answers = await Promise.all(buyers.map((b) => buy(b, item)));
    expect(statuses(answers)).toEqual({ 200: 5, 409: 45 });
    for (const a of answers) if (a.statusCode === 409) expect(a.json().message).toBe('This item is sold out.');
    expect((await store.items.get(item)).stock).toBe(0);
    expect(await purchasesOf(item)).toBe(5);
    const balances = await Promise.all(buyers.map((b) => store.coins.balance(b.id)));
    expect(balances.filter((b) => b === 40)).toHaveLength(5);
    expect(balances.filter((b) => b === 50)).toHaveLength(45);
    await expectLedgerMatchesBalances();
  });

  it('the per-user limit holds under concurrency: 30 purchases by one user, and 20 givers to one recipient', async () => {
    const item = await createItem({ price: 10, grant: { kind: 'coins', coins: 5 }, perUserLimit: 3 });
    const user = await userWith(1000);
    const answers = await Promise.all(Array.from({ length: 30 }, () => buy(user, item)));
    expect(statuses(answers)).toEqual({ 200: 3, 409: 27 });
    expect(await store.coins.balance(user.id)).toBe(1000 - 3 * 10 + 3 * 5);

    const gifted = await createItem({
      price: 10,
      grant: { kind: 'perk', perk: 'DELIVERY_MESSAGE_BETA', days: null },
      perUserLimit: 2,
    });
    const recipient = await app.createUser();
    const givers = await Promise.all(Array.from({ length: 20 }, () => userWith(10)));
    const gifts = await Promise.all(givers.map((g) => buy(g, gifted, recipient.id)));
    expect(statuses(gifts)).toEqual({ 200: 2, 409: 18 });
    expect(await purchasesOf(gifted)).toBe(2);
    await expectLedgerMatchesBalances();
  });

  it('coins gifts both ways between the same users at once all land (no two wait on each other)', async () => {
    const item = await createItem({ price: 10, grant: { kind: 'coins', coins: 10 } });
    const [a, b] = await Promise.all([userWith(200), userWith(200)]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? buy(a, item, b.id) : buy(b, item, a.id))),
    );
    expect(statuses(answers)).toEqual({ 200: 40 });
    expect(await store.coins.balance(a.id)).toBe(200);
    expect(await store.coins.balance(b.id)).toBe(200);
    await expectLedgerMatchesBalances();
  });

  it('a purchase that commits while its item is deleted: the delete is a 409 and the item stays', async () => {
    if (app.db.driver === 'pglite') return; // one session: nothing else can be running
    const item = await createItem({ grant: { kind: 'custom' } });
    const buyer = await app.createUser();
    const other = await poolOf(app.db.orm)!.pool!.connect();
    try {
      // Not committed yet: the delete's check does not see it, and its foreign key holds the item's row.
      await other.query('begin');
      await other.query(
        `insert into store_purchases (id, item_id, buyer_id, recipient_id, item_name, price, status, created_at)
         values ($1, $2, $3, $3, 'Thing', 10, 'awaiting', now())`,
        [newId(), item, buyer.id],
      );
      const deleting = app.inject({ method: 'DELETE', url: `/api/client/store/items/${item}`, headers: manager.auth });
      await until(async () => {
        const [row] = await app.db.orm.em
          .fork()
          .execute<{ n: string | number }[]>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
        return Number(row!.n) > 0;
      });
      await other.query('commit');
      const answer = await deleting;
      expect(answer.json()).toMatchObject({
        statusCode: 409,
        message: 'Someone bought this item, so it cannot be deleted: take it off sale instead.',
      });
      expect(await purchasesOf(item)).toBe(1);
    } finally {
      await other.query('rollback').catch(() => {});
      other.release();
    }
  });
});
