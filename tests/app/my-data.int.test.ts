import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import { SessionSchema, UserSchema } from '../../core/auth/entities.ts';
import { CLOSE } from '../../core/gateway/protocol.ts';
import { newId } from '../../core/ids.ts';
import { DELETED_USER_NAME } from '../../core/personal-data.ts';
import { appServices } from '../../plugins/index.ts';
import { NotificationSchema } from '../../plugins/notifications/entities.ts';
import { OrderSchema } from '../../plugins/orders/entities.ts';
import { UserRankSchema } from '../../plugins/ranks/entities.ts';
import { CoinTransactionSchema, WalletSchema } from '../../plugins/store/entities.ts';
import { BlacklistSchema, WarningSchema } from '../../plugins/users/entities.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Users own their data (issue 44, docs/my-data.md): the export holds each plugin's section, and a deletion erases
 * what is the user's alone, keeps what others rely on under a pseudonym, keeps a ban and an active blacklist entry,
 * ends sessions and closes live sockets. Every plugin's contribution runs in one app here.
 */
describe('my data: export and deletion', () => {
  let app: TestApp;
  let url: string;
  beforeAll(async () => {
    app = await createTestApp();
    url = await app.server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app?.close());

  const em = () => app.db.orm.em.fork();
  const services = () => appServices(app.server.ctx);
  const usernameOf = async (id: string) => (await em().findOneOrFail(UserSchema, { id })).username;
  /** DELETE /api/client/users/@me as the user, confirmed with `username` (theirs unless told). */
  const deleteAs = async (user: TestUser, username?: string) =>
    app.inject({
      method: 'DELETE',
      url: '/api/client/users/@me',
      headers: user.auth,
      payload: { username: username ?? (await usernameOf(user.id)) },
    });

  /** A customer who also works in the kitchen: an order placed, one delivered, coins, a warning, a notice, a rank. */
  async function busyUser(): Promise<{ user: TestUser; other: TestUser; placed: string; delivered: string }> {
    const user = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    const other = await app.createUser();
    const e = em();
    const order = (customer: string, deliveredBy: string | null) =>
      e.create(OrderSchema, {
        orderID: newId().slice(-6),
        customer,
        item: 'A burger with extra pickles',
        mentions: [],
        status: deliveredBy ? 'DELIVERED' : 'ORDERED',
        deliveredBy,
        deliveredAt: deliveredBy ? new Date() : null,
        orderedAt: new Date(),
        updatedAt: new Date(),
      });
    const placed = order(user.id, null);
    const delivered = order(other.id, user.id);
    delivered.mentions = [{ id: user.id, name: 'Pal' }];
    e.create(WarningSchema, { user: user.id, reason: 'Rude to a chef', by: other.id });
    e.create(WarningSchema, { user: other.id, reason: 'Spam', by: user.id });
    e.create(NotificationSchema, {
      id: newId(),
      user: user.id,
      ref: 'test',
      kind: 'test',
      text: 'Your appeal was read',
      createdAt: new Date(),
    });
    e.create(AuditEntrySchema, {
      at: new Date(),
      actorId: other.id,
      actorName: 'A manager',
      action: 'user.warn',
      targetType: 'user',
      targetId: user.id,
      targetName: 'The user',
      before: { warnedUser: user.id, name: `user${user.id.slice(-6)}` },
      after: null,
    });
    await e.flush();
    await services().store.coins.credit({ userId: user.id, amount: 50, kind: 'ADMIN', reference: 'test:gift' });
    return { user, other, placed: placed.id, delivered: delivered.id };
  }

  it('exports every section as a JSON download', async () => {
    const { user, placed, delivered } = await busyUser();
    const answer = await app.inject({ method: 'GET', url: '/api/client/users/@me/export', headers: user.auth });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="virtual-diner-${user.id}.json"`);
    const data = answer.json();
    expect(data.userId).toBe(user.id);
    expect(data.account).toMatchObject({ id: user.id });
    expect(data.sessions).toEqual([{ createdAt: expect.any(String), expiresAt: expect.any(String) }]);
    expect(Object.keys(data.plugins)).toEqual(app.server.ctx.personalData.contributors);
    expect(data.plugins.orders.ordersPlaced.map((o: { id: string }) => o.id)).toEqual([placed]);
    expect(data.plugins.orders.ordersHandled.map((o: { id: string }) => o.id)).toEqual([delivered]);
    expect(data.plugins.store.wallet).toMatchObject([{ balance: 50 }]);
    expect(data.plugins.store.coinTransactions).toHaveLength(1);
    expect(data.plugins.users.warnings).toMatchObject([{ reason: 'Rude to a chef' }]);
    expect(data.plugins.users.warningsGiven).toMatchObject([{ reason: 'Spam' }]);
    expect(data.plugins.notifications.notifications).toMatchObject([{ text: 'Your appeal was read' }]);
    expect(data.plugins.ranks.ranks).toHaveLength(1);
    expect(data.auditEntries).toMatchObject([{ action: 'user.warn', targetId: user.id }]);
  });

  it('refuses a confirmation that is not the username, and changes nothing', async () => {
    const { user } = await busyUser();
    const answer = await deleteAs(user, 'someone else');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(answer.json().message).toContain('exactly to delete your account');
    expect(await em().count(UserSchema, { id: user.id })).toBe(1);
    expect(await em().count(SessionSchema, { user: user.id })).toBe(1);
  });

  it('erases what is the user’s, keeps what others rely on under a pseudonym, and ends their sessions', async () => {
    const { user, other, placed, delivered } = await busyUser();
    const chef = await app.createUser({ permissions: ['MANAGE_ORDERS'] });
    const activeOrders = async () =>
      (await app.inject({ method: 'GET', url: '/api/client/orders', headers: chef.auth })).body;
    expect(await activeOrders()).toContain(user.id);
    const answer = await deleteAs(user);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(answer.headers['set-cookie']).toEqual(expect.stringContaining('VD_SESSION=;'));
    const e = em();
    // Gone: the identity row, sessions, ranks, warnings about them, notices.
    expect(await e.count(UserSchema, { id: user.id })).toBe(0);
    expect(await e.count(SessionSchema, { user: user.id })).toBe(0);
    expect(await e.count(UserRankSchema, { user: user.id })).toBe(0);
    expect(await e.count(WarningSchema, { user: user.id })).toBe(0);
    expect(await e.count(NotificationSchema, { user: user.id })).toBe(0);
    // Kept, pseudonymised: orders placed and handled, the ledger with its balance, the warning they gave, audit.
    const placedNow = await e.findOneOrFail(OrderSchema, { id: placed });
    const pseudonym = placedNow.customer;
    expect(pseudonym).not.toBe(user.id);
    expect(await e.findOneOrFail(UserSchema, { id: pseudonym })).toMatchObject({
      username: DELETED_USER_NAME,
      displayName: null,
      avatar: null,
    });
    expect(await e.findOneOrFail(OrderSchema, { id: delivered })).toMatchObject({
      deliveredBy: pseudonym,
      mentions: [{ id: pseudonym, name: DELETED_USER_NAME }],
    });
    expect((await e.findOneOrFail(WalletSchema, { user: pseudonym })).balance).toBe(50);
    expect(await e.count(CoinTransactionSchema, { user: pseudonym })).toBe(1);
    expect((await e.findOneOrFail(WarningSchema, { user: other.id })).by).toBe(pseudonym);
    expect(await e.count(AuditEntrySchema, { targetId: user.id })).toBe(0);
    expect((await e.findOneOrFail(AuditEntrySchema, { action: 'user.warn', targetId: pseudonym })).before).toEqual({
      warnedUser: pseudonym,
      name: DELETED_USER_NAME,
    });
    expect(await e.count(AuditEntrySchema, { actorId: user.id })).toBe(0);
    expect(
      await e.findOneOrFail(AuditEntrySchema, { action: 'user.account.delete', actorId: pseudonym }),
    ).toMatchObject({ actorName: DELETED_USER_NAME, targetId: pseudonym });
    // The kitchen's list of active orders read again: it names the pseudonym.
    expect(await activeOrders()).not.toContain(user.id);
    expect(await activeOrders()).toContain(pseudonym);
    // The token is dead at once.
    const after = await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: user.auth });
    expect(after.statusCode).toBe(401);
  });

  it('closes the deleted user’s live sockets', async () => {
    const user = await app.createUser();
    const client = await GatewayTestClient.identified(url, user.token);
    const username = await usernameOf(user.id);
    await services().users.myData.deleteAccount({ id: user.id, username }, username);
    expect((await client.closed).code).toBe(CLOSE.SESSION_ENDED);
  });

  it('keeps a ban and an active blacklist entry on the Discord id alone; signing in again starts a new customer', async () => {
    const banned = await app.createUser({ ban: { reason: 'Troll orders' } });
    await services().store.coins.credit({ userId: banned.id, amount: 5, kind: 'ADMIN', reference: 'test:b' });
    const listed = await app.createUser();
    const e = em();
    e.create(BlacklistSchema, { user: listed.id, active: true, reason: 'Fake orders', by: banned.id });
    await e.flush();
    for (const who of [banned, listed]) expect((await deleteAs(who)).statusCode).toBe(204);
    const keptBan = await em().findOneOrFail(UserSchema, { id: banned.id });
    expect(keptBan).toMatchObject({ username: DELETED_USER_NAME, displayName: null, avatar: null, manualPerks: [] });
    expect(keptBan.ban).toMatchObject({ active: true, reason: 'Troll orders' });
    expect(await em().count(WalletSchema, { user: banned.id })).toBe(0);
    const keptEntry = await em().findOneOrFail(BlacklistSchema, { user: listed.id });
    expect(keptEntry.active).toBe(true);
    expect(keptEntry.by).not.toBe(banned.id);
    expect(await em().count(UserSchema, { id: listed.id })).toBe(1);

    // Signing in again: the banned one is still banned, with nothing else of before.
    await services().users.users.upsertFromDiscord({ id: banned.id, username: 'back_again' });
    const back = await em().findOneOrFail(UserSchema, { id: banned.id });
    expect(back).toMatchObject({ username: 'back_again' });
    expect(back.ban.active).toBe(true);
    expect(await em().count(WalletSchema, { user: banned.id })).toBe(0);
  });

  it('keeps nothing for a ban that has ended', async () => {
    const user = await app.createUser({ ban: { reason: 'Spam', expires: new Date(Date.now() - 60_000) } });
    expect((await deleteAs(user)).statusCode).toBe(204);
    expect(await em().count(UserSchema, { id: user.id })).toBe(0);
  });

  it('lets a deleted user without a ban sign in again as a new customer', async () => {
    const user = await app.createUser();
    await services().store.coins.credit({ userId: user.id, amount: 7, kind: 'ADMIN', reference: 'test:n' });
    const username = await usernameOf(user.id);
    await services().users.myData.deleteAccount({ id: user.id, username }, username);
    await services().users.users.upsertFromDiscord({ id: user.id, username: 'fresh_start' });
    const fresh = await em().findOneOrFail(UserSchema, { id: user.id });
    expect(fresh).toMatchObject({ username: 'fresh_start', ban: { active: false } });
    expect(await em().count(WalletSchema, { user: user.id })).toBe(0);
    const data = await services().users.myData.exportFor(user.id);
    expect(data.plugins.orders).toMatchObject({ ordersPlaced: [], ordersHandled: [] });
  });

  it('limits exports per user: the eleventh in a minute is 429, another user is still served', async () => {
    const [one, two] = [await app.createUser(), await app.createUser()];
    const exportAs = (user: TestUser) =>
      app.inject({ method: 'GET', url: '/api/client/users/@me/export', headers: user.auth });
    for (let i = 0; i < 10; i++) expect((await exportAs(one)).statusCode).toBe(200);
    const limited = await exportAs(one);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect((await exportAs(two)).statusCode).toBe(200);
  });

  it('refuses both routes without a session (401)', async () => {
    for (const [method, path] of [
      ['GET', '/api/client/users/@me/export'],
      ['DELETE', '/api/client/users/@me'],
    ] as const) {
      const answer = await app.inject({
        method,
        url: path,
        payload: method === 'DELETE' ? { username: 'x' } : undefined,
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });
});
