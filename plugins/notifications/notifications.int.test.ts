import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../core/auth/entities.ts';
import type { DomainEvents } from '../../core/events.ts';
import { defineCatalogue, textInEveryLocale, translator } from '../../core/i18n/catalogue.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { NotificationSchema } from './entities.ts';
import './events.ts';
import { appServices } from '../index.ts';
import type { NotificationView } from './schemas.ts';
import { type Notice, noticeMaker } from './test-helpers.ts';

describe('notifications', () => {
  let app: TestApp;
  let clock = Date.parse('2026-11-25T03:00:00Z');
  let customer: TestUser;
  let other: TestUser;
  let banned: TestUser;
  let chef: TestUser;
  let manager: TestUser;
  let owner: TestUser;
  const created: DomainEvents['noticeCreated'][] = [];
  const service = () => appServices(app.server.ctx).notifications.notifications;
  const notice = noticeMaker();
  /** Publishes a notice as a feature does, and waits until its listener stored it. */
  const publish = async (n: Notice): Promise<NotificationView> => {
    const before = created.length;
    app.server.ctx.events.publish('notice', n);
    for (let i = 0; i < 200 && !created.slice(before).some((c) => c.userId === n.userId && c.text === n.text); i++)
      await sleep(10);
    const event = created.slice(before).find((c) => c.userId === n.userId && c.text === n.text);
    if (!event) throw new Error('notice not stored');
    return {
      id: event.id,
      kind: event.kind,
      text: event.text,
      link: event.link,
      createdAt: event.createdAt,
      readAt: null,
    };
  };
  const get = (user: TestUser | null, url: string) => app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
  const post = (user: TestUser | null, url: string) => app.inject({ method: 'POST', url, headers: user?.auth ?? {} });

  beforeAll(async () => {
    app = await createTestApp({ now: () => clock });
    customer = await app.createUser({ username: 'customer' });
    other = await app.createUser({ username: 'other' });
    banned = await app.createUser({ username: 'banned', ban: { reason: 'Trolling' } });
    chef = await app.createUser({ username: 'chef', rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'] });
    manager = await app.createUser({ username: 'manager', rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'] });
    owner = await app.createUser({ username: 'owner', permissions: ['SUPER_ADMIN'] });
    app.server.ctx.events.on('noticeCreated', (payload) => void created.push(payload));
  });
  afterAll(() => app?.close());

  describe('store once', () => {
    it('the same ref for another user is another notice', async () => {
      expect(await service().store(notice(other.id, { ref: 'appeal:1:decided' }))).not.toBeNull();
    });

    it('a notice for a user who does not exist is dropped, not an error', async () => {
      expect(await service().store(notice('1999999999999999999'))).toBeNull();
    });
  });

  describe('list, read, read all', () => {
    let user: TestUser;
    const mine: NotificationView[] = [];
    beforeAll(async () => {
      user = await app.createUser({ username: 'reader' });
      for (let i = 0; i < 3; i++) {
        clock += 60_000;
        mine.push(await publish(notice(user.id, { link: i === 0 ? null : `/appeal/${i}` })));
      }
    });

    it('lists my notices newest first with the unread count, in pages', async () => {
      const res = await get(user, '/api/client/notifications');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ notifications: [...mine].reverse(), total: 3, unread: 3, page: 1, pageSize: 20 });
      const page2 = (await get(user, '/api/client/notifications?page=2&pageSize=2')).json();
      expect(page2).toMatchObject({ notifications: [mine[0]], total: 3, unread: 3, page: 2, pageSize: 2 });
    });

    it('marks one read (twice is the same), and the count follows', async () => {
      clock += 1000;
      const first = await post(user, `/api/client/notifications/${mine[1]!.id}/read`);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ notification: { ...mine[1], readAt: new Date(clock).toISOString() }, unread: 2 });
      clock += 1000;
      const again = await post(user, `/api/client/notifications/${mine[1]!.id}/read`);
      expect(again.json().notification.readAt, 'the first read time stays').toBe(new Date(clock - 1000).toISOString());
      expect((await get(user, '/api/client/notifications')).json().unread).toBe(2);
    });

    it('marks all read', async () => {
      const res = await post(user, '/api/client/notifications/read-all');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ marked: 2, unread: 0 });
      const list = (await get(user, '/api/client/notifications')).json();
      expect(list.unread).toBe(0);
      expect(list.notifications.every((n: NotificationView) => n.readAt !== null)).toBe(true);
      expect((await post(user, '/api/client/notifications/read-all')).json()).toEqual({ marked: 0, unread: 0 });
    });

    it('bad input is a 400 in the error shape', async () => {
      for (const url of [
        '/api/client/notifications?page=0',
        '/api/client/notifications?pageSize=101',
        '/api/client/notifications?extra=1',
      ]) {
        const res = await get(user, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      expect((await post(user, '/api/client/notifications/not-an-id/read')).statusCode).toBe(400);
      const put = await app.inject({
        method: 'PUT',
        url: '/api/client/notifications/preferences',
        headers: user.auth,
        payload: { dms: 'no' },
      });
      expect(put.statusCode).toBe(400);
      expect(await service().preferences(user.id)).toEqual({ dms: true });
    });
  });

  describe('permission matrix', () => {
    const roles = () => ({ customer, banned, chef, manager, owner });

    it('anonymous: 401 on every call', async () => {
      for (const [method, url] of [
        ['GET', '/api/client/notifications'],
        ['POST', '/api/client/notifications/read-all'],
        ['POST', '/api/client/notifications/1100000000000000001/read'],
        ['GET', '/api/client/notifications/preferences'],
        ['PUT', '/api/client/notifications/preferences'],
      ] as const) {
        const res = await app.inject({ method, url, ...(method === 'PUT' ? { payload: { dms: false } } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('customer, banned, chef, manager and super admin each list, read and mark only their own', async () => {
      for (const [role, user] of Object.entries(roles())) {
        const own = await publish(notice(user.id, { text: `For the ${role}` }));
        const list = await get(user, '/api/client/notifications');
        expect(list.statusCode, role).toBe(200);
        expect(
          list.json().notifications.map((n: NotificationView) => n.text),
          role,
        ).toContain(`For the ${role}`);
        expect((await post(user, `/api/client/notifications/${own.id}/read`)).statusCode, role).toBe(200);
        expect((await post(user, '/api/client/notifications/read-all')).statusCode, role).toBe(200);
        expect((await get(user, '/api/client/notifications/preferences')).statusCode, role).toBe(200);
      }
    });

    it("another user's notice is 404 for everyone, super admin included, and stays unread", async () => {
      const theirs = await publish(notice(other.id, { text: 'Not yours' }));
      for (const [role, user] of Object.entries(roles())) {
        const res = await post(user, `/api/client/notifications/${theirs.id}/read`);
        expect(res.statusCode, role).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Notification not found' });
        const list = (await get(user, '/api/client/notifications?pageSize=100')).json();
        expect(
          list.notifications.some((n: NotificationView) => n.id === theirs.id),
          role,
        ).toBe(false);
        await post(user, '/api/client/notifications/read-all');
      }
      const row = await app.db.orm.em.fork().findOneOrFail(NotificationSchema, { id: theirs.id });
      expect(row.readAt).toBeNull();
    });

    it("refuses in the reader's language, and in English to a caller who names none", async () => {
      const theirs = await publish(notice(other.id, { text: 'Not yours either' }));
      const read = (language?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/client/notifications/${theirs.id}/read`,
          headers: { ...customer.auth, ...(language ? { 'accept-language': language } : {}) },
        });
      const notFound = { statusCode: 404, error: 'Not Found' };
      expect((await read('de-CH,de;q=0.8')).json()).toEqual({
        ...notFound,
        message: 'Benachrichtigung nicht gefunden',
      });
      expect((await read('pt-BR')).json()).toEqual({ ...notFound, message: 'Notificação não encontrada' });
      expect((await read()).json()).toEqual({ ...notFound, message: 'Notification not found' });
    });
  });

  describe('preferences', () => {
    it('DMs are on by default; a user turns them off and on again', async () => {
      const user = await app.createUser();
      expect((await get(user, '/api/client/notifications/preferences')).json()).toEqual({ dms: true });
      const off = await app.inject({
        method: 'PUT',
        url: '/api/client/notifications/preferences',
        headers: user.auth,
        payload: { dms: false },
      });
      expect(off.json()).toEqual({ dms: false });
      expect((await get(user, '/api/client/notifications/preferences')).json()).toEqual({ dms: false });
      expect(
        (await get(customer, '/api/client/notifications/preferences')).json(),
        'someone else is unchanged',
      ).toEqual({ dms: true });
      await app.inject({
        method: 'PUT',
        url: '/api/client/notifications/preferences',
        headers: user.auth,
        payload: { dms: true },
      });
      expect((await get(user, '/api/client/notifications/preferences')).json()).toEqual({ dms: true });
    });

    it('a banned user may set theirs', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/client/notifications/preferences',
        headers: banned.auth,
        payload: { dms: false },
      });
      expect(res.statusCode).toBe(200);
    });
  });
  describe("in the user's language", () => {
    it("a notice worded in every language is stored in its user's (their setting), else in English", async () => {
      const french = await app.createUser({ username: 'francoise' });
      await app.server.ctx.orm.em.fork().nativeUpdate(UserSchema, { id: french.id }, { settings: { locale: 'fr' } });
      const gift = (text: string) => ({ gift: text });
      const catalogue = defineCatalogue({
        name: 'test',
        messages: {
          en: gift('{buyer} sent you a gift from the store: {item}.'),
          fr: gift('{buyer} vous a envoyé un cadeau de la boutique : {item}.'),
          de: gift('{buyer} hat dir ein Geschenk aus dem Shop geschickt: {item}.'),
          es: gift('{buyer} te envió un regalo de la tienda: {item}.'),
          'pt-BR': gift('{buyer} te enviou um presente da loja: {item}.'),
        },
      });
      const worded = textInEveryLocale(translator(catalogue), 'gift', { buyer: 'Sam', item: 'Golden Spatula' });
      const toFrench = await service().store(notice(french.id, { kind: 'store.gift', ...worded }));
      expect(toFrench?.text).toBe('Sam vous a envoyé un cadeau de la boutique : Golden Spatula.');
      const toOther = await service().store(notice(other.id, { kind: 'store.gift', ...worded }));
      expect(toOther?.text).toBe('Sam sent you a gift from the store: Golden Spatula.');
      // The list reads what was stored.
      const listed = (await get(french, '/api/client/notifications')).json() as { notifications: NotificationView[] };
      expect(listed.notifications[0]?.text).toBe(toFrench?.text);
    });
  });
});
