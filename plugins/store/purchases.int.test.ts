import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import { newId } from '../../core/ids.ts';
import { createRank, ranksOf } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { StorePlugin } from './index.ts';
import type { CreateItemBody } from './schemas.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('store items and purchases', () => {
  let app: TestApp;
  let store: StorePlugin;
  let manager: TestUser;
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const notices: { userId: string; kind: string; text: string }[] = [];

  beforeAll(async () => {
    app = await createTestApp({
      env: { ORDER_SWEEP_INTERVAL_MS: '0', STORE_SWEEP_INTERVAL_MS: '0' },
      now: () => clock,
    });
    store = appServices(app.server.ctx).store;
    manager = await app.createUser({ permissions: ['MANAGE_SETTINGS'] });
    app.server.ctx.events.on('notice', (n) => void notices.push(n));
  });
  afterAll(() => app?.close());

  async function createItem(body: Partial<CreateItemBody> & Pick<CreateItemBody, 'grant'>): Promise<string> {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/client/store/items',
      headers: manager.auth,
      payload: { name: 'Thing', price: 100, ...body },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().item.id;
  }
  async function richUser(coins: number): Promise<TestUser> {
    const user = await app.createUser();
    if (coins > 0)
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
  const perksOf = async (id: string) => [
    ...(await app.db.orm.em.fork().findOneOrFail(UserSchema, { id }, { refresh: true })).grantedPerks,
  ];

  it('a manager creates an item, customers see it on sale, and every write is in the audit log', async () => {
    const id = await createItem({
      name: 'Feedback pass',
      description: 'Try it.',
      price: 300,
      grant: { kind: 'perk', perk: 'FEEDBACK_BETA', days: 30 },
      stock: 5,
      perUserLimit: 2,
    });
    const list = (await app.inject({ method: 'GET', url: '/api/client/store/items' })).json().items;
    expect(list.find((i: { id: string }) => i.id === id)).toEqual({
      id,
      name: 'Feedback pass',
      description: 'Try it.',
      picture: null,
      price: 300,
      grant: { kind: 'perk', perk: 'FEEDBACK_BETA', days: 30 },
      stock: 5,
      perUserLimit: 2,
      onSale: true,
    });
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/client/store/items/${id}`,
      headers: manager.auth,
      payload: { onSale: false },
    });
    expect(off.json().item.onSale).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/store/items' }))
        .json()
        .items.map((i: { id: string }) => i.id),
    ).not.toContain(id);
    const restocked = await app.inject({
      method: 'POST',
      url: `/api/client/store/items/${id}/restock`,
      headers: manager.auth,
      payload: { add: 10 },
    });
    expect(restocked.json().item.stock).toBe(15);
    const log = await app.inject({
      method: 'GET',
      url: `/api/client/admin/audit-log?target=${id}`,
      headers: manager.auth,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(
      log
        .json()
        .entries.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(['settings.store.create', 'settings.store.restock', 'settings.store.update']);
  });

  it('the manager’s list counts each item’s purchases; a restock past 1,000,000 is refused and changes nothing', async () => {
    const [bought, unbought] = [
      await createItem({ grant: { kind: 'custom' }, stock: 999_990 }),
      await createItem({ grant: { kind: 'custom' } }),
    ];
    const user = await richUser(1000);
    for (let i = 0; i < 2; i++) expect((await buy(user, bought)).statusCode).toBe(200);
    const listed = await store.items.all();
    expect(listed.find((i) => i.id === bought)).toMatchObject({ sold: 2, stock: 999_988 });
    expect(listed.find((i) => i.id === unbought)).toMatchObject({ sold: 0, stock: null });
    const restock = (add: number) =>
      app.inject({
        method: 'POST',
        url: `/api/client/store/items/${bought}/restock`,
        headers: manager.auth,
        payload: { add },
      });
    const refused = await restock(13);
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      message: 'A stock of more than 1,000,000 is not needed: use unlimited stock.',
    });
    expect((await store.items.get(bought)).stock).toBe(999_988);
    expect((await restock(12)).json().item.stock).toBe(1_000_000);
  });

  it('refuses bad items with a 400 and writes nothing: unknown perk, unknown rank, price out of bounds, not an integer', async () => {
    const before = (await store.items.all()).length;
    for (const payload of [
      { name: 'X', price: 10, grant: { kind: 'perk', perk: 'FLYING', days: null } },
      { name: 'X', price: 0, grant: { kind: 'custom' } },
      { name: 'X', price: 10.5, grant: { kind: 'custom' } },
      { name: 'X', price: 2_000_000, grant: { kind: 'custom' } },
      { name: 'X', price: 10, grant: { kind: 'coins', coins: -5 } },
      { name: 'X', price: 10, grant: { kind: 'custom' }, picture: 'javascript:alert(1)' },
      { name: 'X', price: 10, grant: { kind: 'rank', rankID: '1234567890123456789', days: 7 } },
      { name: '', price: 10, grant: { kind: 'custom' } },
      { name: 'X', price: 10, grant: { kind: 'perk', days: 3 } },
      { name: 'X', price: 10, grant: { kind: 'coins' } },
    ]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/client/store/items',
        headers: manager.auth,
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
    }
    expect((await store.items.all()).length).toBe(before);
  });

  it('refuses a picture every visitor’s browser would fetch from a private or local address, naming the field', async () => {
    const before = (await store.items.all()).length;
    const refused = [
      'https://127.0.0.1/x.png',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x.png',
      'https://10.0.0.1/x.png',
      'https://192.168.1.5/x.png',
      'https://[::ffff:7f00:1]/x.png',
      'https://localhost/x.png',
      'https://intranet/x.png',
      'https://user:secret@images.example.com/x.png',
      'https:\\\\127.0.0.1\\x.png',
      'http://images.example.com/x.png',
    ];
    for (const picture of refused) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/client/store/items',
        headers: manager.auth,
        payload: { name: 'Hat', price: 10, grant: { kind: 'custom' }, picture },
      });
      expect(answer.statusCode, picture).toBe(400);
      expect(answer.json().message, picture).toMatch(/^Invalid body\.picture: /);
    }
    const id = await createItem({ price: 10, grant: { kind: 'custom' } });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/client/store/items/${id}`,
      headers: manager.auth,
      payload: { picture: 'https://169.254.169.254/x.png' },
    });
    expect(patched.statusCode).toBe(400);
    expect((await store.items.all()).length).toBe(before + 1);
    const fine = await app.inject({
      method: 'PATCH',
      url: `/api/client/store/items/${id}`,
      headers: manager.auth,
      payload: { picture: 'https://images.example.com/hat' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('a purchase debits, grants the perk with its end, decrements the stock; the grant ends by itself', async () => {
    const id = await createItem({
      price: 300,
      grant: { kind: 'perk', perk: 'DELIVERY_MESSAGE_BETA', days: 30 },
      stock: 2,
    });
    const user = await richUser(1000);
    const answer = await buy(user, id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { purchased, balance } = answer.json();
    expect(balance).toBe(700);
    expect(purchased).toMatchObject({
      itemID: id,
      price: 300,
      gift: false,
      status: 'granted',
      endsAt: new Date(clock + 30 * DAY).toISOString(),
    });
    expect(await perksOf(user.id)).toEqual(['DELIVERY_MESSAGE_BETA']);
    expect((await store.items.get(id)).stock).toBe(1);
    expect((await store.coins.transactions(user.id))[0]).toMatchObject({
      amount: -300,
      kind: 'PURCHASE',
      reference: `purchase:${purchased.id}`,
    });
    // Bought again: the second 30 days run on from the first's end.
    const again = (await buy(user, id)).json().purchased;
    expect(again.endsAt).toBe(new Date(clock + 60 * DAY).toISOString());
    expect((await buy(user, id)).json()).toMatchObject({ statusCode: 409, message: 'This item is sold out.' });
    const start = clock;
    clock += 31 * DAY;
    await store.grants.sweep();
    expect(await perksOf(user.id)).toEqual(['DELIVERY_MESSAGE_BETA']);
    clock += 30 * DAY;
    await store.grants.sweep();
    expect(await perksOf(user.id)).toEqual([]);
    clock = start; // the sessions of the tests after this one
  });

  it('a rank for ever, coins for oneself, a custom reward awaiting staff', async () => {
    const rank = await createRank(app, { name: 'Regular', position: 7000, permissions: 0 });
    const rankItem = await createItem({ price: 50, grant: { kind: 'rank', rankID: rank, days: null } });
    const coinsItem = await createItem({ price: 50, grant: { kind: 'coins', coins: 80 } });
    const customItem = await createItem({ name: 'Signed menu', price: 50, grant: { kind: 'custom' } });
    const user = await richUser(150);
    expect((await buy(user, rankItem)).json().purchased).toMatchObject({ status: 'granted', endsAt: null });
    const ranks = (await ranksOf(app, user.id)).map((r) => r.name);
    expect(ranks).toEqual(['Regular']);
    expect((await buy(user, coinsItem)).json().balance).toBe(130);
    expect((await store.coins.transactions(user.id)).slice(0, 2).map((t) => [t.amount, t.kind])).toEqual([
      [80, 'REWARD'],
      [-50, 'PURCHASE'],
    ]);
    const custom = (await buy(user, customItem)).json().purchased;
    expect(custom.status).toBe('awaiting');
    const awaiting = (
      await app.inject({ method: 'GET', url: '/api/client/store/items/purchases', headers: manager.auth })
    ).json().purchases;
    expect(awaiting.map((p: { id: string }) => p.id)).toContain(custom.id);
    const fulfilled = await app.inject({
      method: 'POST',
      url: `/api/client/store/items/purchases/${custom.id}/fulfil`,
      headers: manager.auth,
    });
    expect(fulfilled.json().purchase).toMatchObject({ status: 'fulfilled', fulfilledAt: expect.any(String) });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/client/store/items/purchases/${custom.id}/fulfil`,
          headers: manager.auth,
        })
      ).statusCode,
    ).toBe(409);
    expect(notices.at(-1)).toMatchObject({ userId: user.id, kind: 'store.fulfilled' });
    // Bought: not deleted; a new item nobody bought is.
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/client/store/items/${customItem}`, headers: manager.auth }))
        .statusCode,
    ).toBe(409);
    const unsold = await createItem({ grant: { kind: 'custom' } });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/client/store/items/${unsold}`, headers: manager.auth }))
        .statusCode,
    ).toBe(204);
  });

  it('a gift grants the recipient, notes the giver, tells the recipient; coins gifts are GIFT_SENT and GIFT_RECEIVED', async () => {
    const perkItem = await createItem({ price: 100, grant: { kind: 'perk', perk: 'FEEDBACK_BETA', days: null } });
    const coinsItem = await createItem({ price: 60, grant: { kind: 'coins', coins: 60 } });
    const giver = await richUser(500);
    const friend = await app.createUser({ username: 'friendly.fran' });
    const answer = await buy(giver, perkItem, friend.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().purchased).toMatchObject({
      gift: true,
      buyer: { id: giver.id },
      recipient: { id: friend.id, name: 'friendly.fran' },
    });
    expect(await perksOf(friend.id)).toEqual(['FEEDBACK_BETA']);
    expect(await perksOf(giver.id)).toEqual([]);
    expect(notices.at(-1)).toMatchObject({ userId: friend.id, kind: 'store.gift' });
    await buy(giver, coinsItem, friend.id);
    expect((await store.coins.transactions(giver.id)).slice(0, 2).map((t) => [t.amount, t.kind])).toEqual([
      [-60, 'GIFT_SENT'],
      [-100, 'GIFT_SENT'],
    ]);
    expect((await store.coins.transactions(friend.id)).map((t) => [t.amount, t.kind])).toEqual([[60, 'GIFT_RECEIVED']]);
    expect((await store.purchases.receivedBy(friend.id)).map((p) => p.buyer.id)).toEqual([giver.id, giver.id]);
    // The recipient lookup: exact ID or username, ID, name and avatar only.
    const byName = await app.inject({
      method: 'GET',
      url: '/api/client/store/recipient?query=FRIENDLY.FRAN',
      headers: giver.auth,
    });
    expect(byName.json()).toEqual({ recipient: { id: friend.id, name: 'friendly.fran', avatar: null } });
    expect(
      (
        await app.inject({ method: 'GET', url: `/api/client/store/recipient?query=${friend.id}`, headers: giver.auth })
      ).json().recipient.id,
    ).toBe(friend.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/client/store/recipient?query=friendly', headers: giver.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses with a clear 4xx and writes nothing: coins short, off sale, unknown item, limit, gifts to oneself, unknown, banned or blacklisted users', async () => {
    const item = await createItem({ price: 100, grant: { kind: 'custom' }, perUserLimit: 1 });
    const poor = await richUser(30);
    expect((await buy(poor, item)).json()).toMatchObject({
      statusCode: 409,
      message: 'Not enough coins: you need 70 more.',
      balance: 30,
      short: 70,
    });
    const user = await richUser(1000);
    expect((await buy(user, '1234567890123456789')).json()).toMatchObject({
      statusCode: 404,
      message: 'Store item not found',
    });
    expect((await buy(user, item, user.id)).json()).toMatchObject({ statusCode: 400 });
    expect((await buy(user, item, '1234567890123456789')).json()).toMatchObject({ statusCode: 404 });
    const banned = await app.createUser({ ban: { reason: 'Troll orders' } });
    expect((await buy(user, item, banned.id)).json()).toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('is banned'),
    });
    const listed = await app.createUser();
    const admin = await app.createUser({ rankPermissions: ['MANAGE_USERS'], rankPosition: 9000 });
    const set = await app.inject({
      method: 'POST',
      url: `/api/client/admin/blacklist/${listed.id}`,
      headers: admin.auth,
      payload: { data: { active: true, reason: 'Abuse' } },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await buy(user, item, listed.id)).json()).toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('blacklisted'),
    });
    expect((await buy(user, item)).statusCode).toBe(200);
    expect((await buy(user, item)).json()).toMatchObject({
      statusCode: 409,
      message: 'You already have 1 of this item, the most one user may get.',
    });
    await app.inject({
      method: 'PATCH',
      url: `/api/client/store/items/${item}`,
      headers: manager.auth,
      payload: { onSale: false },
    });
    expect((await buy(await richUser(500), item)).json()).toMatchObject({
      statusCode: 409,
      message: 'This item is not on sale.',
    });
    expect(await store.coins.balance(user.id)).toBe(900);
    expect(await store.coins.transactions(user.id)).toHaveLength(2);
    for (const payload of [{ id: item, extra: 1 }, { id: 'x' }, {}, { id: item, giftUserID: 12 }]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/client/store/items/purchase',
        headers: user.auth,
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await store.coins.balance(user.id)).toBe(900);
  });

  it('a purchase takes the coins, gives the grant and takes from the stock together; a refused one changes none of them', async () => {
    const timed = await createItem({
      price: 10,
      grant: { kind: 'perk', perk: 'FEEDBACK_BETA', days: 7 },
      stock: 3,
      perUserLimit: 2,
    });
    const coinsItem = await createItem({ price: 10, grant: { kind: 'coins', coins: 5 } });
    const user = await richUser(100);
    const buyer = { id: user.id, username: 'buyer' };
    const stockOf = async (id: string) =>
      (await app.inject({ method: 'GET', url: '/api/client/store/items' }))
        .json()
        .items.find((i: { id: string }) => i.id === id).stock;
    await store.purchases.purchase(buyer, { id: timed });
    expect([await store.coins.balance(user.id), await perksOf(user.id), await stockOf(timed)]).toEqual([
      90,
      ['FEEDBACK_BETA'],
      2,
    ]);
    await store.purchases.purchase(buyer, { id: coinsItem });
    expect(await store.coins.balance(user.id)).toBe(85);
    await expect(store.purchases.purchase(buyer, { id: '1234567890123456789' })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Store item not found',
    });
    // Over the per-user limit after one more: refused, and nothing of it written.
    await store.purchases.purchase(buyer, { id: timed });
    await expect(store.purchases.purchase(buyer, { id: timed })).rejects.toMatchObject({ kind: 'conflict' });
    expect([await store.coins.balance(user.id), await stockOf(timed)]).toEqual([75, 1]);
  });

  it('purchases are rate limited per user: the 21st in a minute is a 429 that writes nothing', async () => {
    const item = await createItem({ price: 1, grant: { kind: 'custom' } });
    const user = await richUser(100);
    for (let i = 0; i < 20; i++) expect((await buy(user, item)).statusCode).toBe(200);
    const limited = await buy(user, item);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(await store.coins.balance(user.id)).toBe(80);
    // Another user is not held back by this one.
    expect((await buy(await richUser(5), item)).statusCode).toBe(200);
  });
});
