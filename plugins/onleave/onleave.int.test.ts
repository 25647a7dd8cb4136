import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import type { DomainEvents } from '../../core/events.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { OrdersPlugin } from '../orders/index.ts';
import { LeaveRequestSchema } from './entities.ts';
import type { OnLeavePlugin } from './index.ts';
import { addDays, type LeaveRequestView } from './schemas.ts';

const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'SUBMIT_ON_LEAVE_REQUEST'];
const MANAGER: Permission[] = [...CHEF, 'MANAGE_ON_LEAVE_REQUESTS'];
const TODAY = '2026-11-25';
const day = (n: number) => addDays(TODAY, n);

describe('onleave', () => {
  let app: TestApp;
  let clock = Date.parse(`${TODAY}T12:00:00Z`);
  let leave: OnLeavePlugin;
  let orders: OrdersPlugin;
  let manager: TestUser;
  let admin: TestUser;
  let notices: DomainEvents['notice'][];
  let queueLeaves: string[];

  let position = 1;
  // Rank positions are unique: every chef gets a rank of their own, all below the manager's.
  const chef = () => app.createUser({ rankPermissions: CHEF, rankPosition: position++ });
  const call = (method: InjectOptions['method'], url: string, user: TestUser | undefined, payload?: object) =>
    app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
  const submit = (user: TestUser, from: string, until: string, reason = 'A few days at the seaside.') =>
    call('POST', '/api/client/onleave/requests', user, { request: { from, until, reason } });
  async function submitted(user: TestUser, from: string, until: string): Promise<LeaveRequestView> {
    const answer = await submit(user, from, until);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().request;
  }
  const decide = (id: string, status: 'APPROVED' | 'DENIED', user = manager, note = 'Fine by me.') =>
    call('POST', `/api/client/onleave/requests/${id}/update-status`, user, { status, note });
  async function approved(user: TestUser, from: string, until: string): Promise<LeaveRequestView> {
    const request = await submitted(user, from, until);
    expect((await decide(request._id, 'APPROVED')).statusCode).toBe(200);
    return request;
  }
  const count = () => app.db.orm.em.fork().count(LeaveRequestSchema, {});

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    leave = appServices(app.server.ctx).onleave;
    orders = appServices(app.server.ctx).orders;
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 500 });
    admin = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    app.server.ctx.events.on('notice', (notice) => void notices.push(notice));
    app.server.ctx.events.on('leaveDeliveryQueue', ({ userID }) => void queueLeaves.push(userID));
  });
  beforeEach(() => {
    clock = Date.parse(`${TODAY}T12:00:00Z`);
    notices = [];
    queueLeaves = [];
  });
  afterAll(() => app?.close());

  describe('bad input is a 400 that writes nothing', () => {
    const cases: [string, object][] = [
      ['until before from', { from: day(5), until: day(4), reason: 'Holiday time' }],
      ['more than 90 days ahead', { from: day(80), until: day(91), reason: 'Holiday time' }],
      ['starting in the past', { from: day(-1), until: day(2), reason: 'Holiday time' }],
      ['a reason too short', { from: day(1), until: day(2), reason: ' a ' }],
      ['a reason too long', { from: day(1), until: day(2), reason: 'x'.repeat(501) }],
      ['no reason', { from: day(1), until: day(2) }],
      ['not a date', { from: '25/11/2026', until: day(2), reason: 'Holiday time' }],
      ['an impossible date', { from: '2026-02-30', until: day(2), reason: 'Holiday time' }],
      ['an unknown field', { from: day(1), until: day(2), reason: 'Holiday time', status: 'APPROVED' }],
    ];
    for (const [name, request] of cases) {
      it(name, async () => {
        const user = await chef();
        const before = await count();
        const answer = await call('POST', '/api/client/onleave/requests', user, { request });
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
        // The same rules for a manager entering leave for someone.
        expect((await call('POST', `/api/client/onleave/requests/${user.id}`, manager, { request })).statusCode).toBe(
          400,
        );
        expect(await count()).toBe(before);
      });
    }

    it('exactly 90 days ahead and a one-day leave are fine', async () => {
      expect((await submit(await chef(), day(90), day(90))).statusCode).toBe(200);
      expect((await submit(await chef(), TODAY, day(90))).statusCode).toBe(200);
    });

    it('update-status needs a note and a decision', async () => {
      const request = await submitted(await chef(), day(1), day(2));
      const url = `/api/client/onleave/requests/${request._id}/update-status`;
      for (const payload of [
        { status: 'APPROVED' },
        { status: 'APPROVED', note: '  ' },
        { status: 'CANCELLED', note: 'x' },
        { status: 'APPROVED', note: 'x'.repeat(501) },
      ]) {
        expect((await call('POST', url, manager, payload)).statusCode).toBe(400);
      }
      expect(
        (await call('GET', `/api/client/onleave/requests?user=${request.user.id}`, manager)).json().requests[0].status,
      ).toBe('PENDING');
    });
  });

  it('a member submits a pending request; one that overlaps another is refused', async () => {
    const user = await chef();
    const request = await submitted(user, day(3), day(5));
    expect(request).toMatchObject({
      status: 'PENDING',
      from: day(3),
      until: day(5),
      reason: 'A few days at the seaside.',
      createdBy: user.id,
      decidedBy: null,
      note: null,
    });
    expect(request.user.id).toBe(user.id);
    const clash = await submit(user, day(5), day(7));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('already have a leave request');
    expect((await submit(user, day(6), day(7))).statusCode).toBe(200);
  });

  it('a member sees only their own requests; a manager anyone’s, filtered by status and user', async () => {
    const [a, b] = [await chef(), await chef()];
    const first = await submitted(a, day(1), day(2));
    await submitted(a, day(10), day(12));
    await submitted(b, day(1), day(2));
    await decide(first._id, 'DENIED', manager, 'Too busy.');

    const mine = (await call('GET', '/api/client/onleave/requests', a)).json();
    expect(mine.total).toBe(2);
    expect(mine.requests.every((r: LeaveRequestView) => r.user.id === a.id)).toBe(true);
    expect((await call('GET', `/api/client/onleave/requests?user=${a.id}`, a)).statusCode).toBe(200);
    expect((await call('GET', `/api/client/onleave/requests?user=${b.id}`, a)).statusCode).toBe(403);

    const denied = (await call('GET', `/api/client/onleave/requests?user=${a.id}&status=DENIED`, manager)).json();
    expect(denied.requests.map((r: LeaveRequestView) => r._id)).toEqual([first._id]);
    expect(denied.requests[0].note).toBe('Too busy.');
    const all = (await call('GET', '/api/client/onleave/requests?pageSize=100', manager)).json();
    expect(all.requests.some((r: LeaveRequestView) => r.user.id === b.id)).toBe(true);
    expect((await call('GET', '/api/client/onleave/requests?status=MAYBE', manager)).statusCode).toBe(400);
  });

  describe('cancelling', () => {
    it('a member cancels their own pending request, once', async () => {
      const user = await chef();
      const request = await submitted(user, day(1), day(2));
      const answer = await call('DELETE', `/api/client/onleave/requests/${request._id}`, user);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().request).toMatchObject({ status: 'CANCELLED', decidedBy: user.id });
      expect((await call('DELETE', `/api/client/onleave/requests/${request._id}`, user)).statusCode).toBe(409);
      // The days are free again.
      expect((await submit(user, day(1), day(2))).statusCode).toBe(200);
      expect(notices).toEqual([]);
    });

    it('an approved leave that has not started may be cancelled by its member; a started one may not', async () => {
      const user = await chef();
      const future = await approved(user, day(3), day(4));
      expect((await call('DELETE', `/api/client/onleave/requests/${future._id}`, user)).json().request.status).toBe(
        'CANCELLED',
      );
      const running = await approved(user, TODAY, day(2));
      const refused = await call('DELETE', `/api/client/onleave/requests/${running._id}`, user);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('already started');
    });

    it('someone else’s request: 404 for another member; a manager ends it (audited, the member told)', async () => {
      const [user, other] = [await chef(), await chef()];
      const running = await approved(user, TODAY, day(2));
      expect((await call('DELETE', `/api/client/onleave/requests/${running._id}`, other)).statusCode).toBe(404);
      notices = [];
      const answer = await call('DELETE', `/api/client/onleave/requests/${running._id}`, manager);
      expect(answer.statusCode).toBe(200);
      expect(await leave.requests.queueRefusal(user.id)).toBeNull();
      expect(notices).toEqual([
        expect.objectContaining({
          userId: user.id,
          ref: `leave:${running._id}:cancelled`,
          link: '/staff/take-a-break',
        }),
      ]);
      const audit = await app.db.orm.em
        .fork()
        .find(AuditEntrySchema, { action: 'user.leave.cancel', targetId: user.id });
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actorId).toBe(manager.id);
    });

    it('unknown and denied requests', async () => {
      const user = await chef();
      expect((await call('DELETE', '/api/client/onleave/requests/1100000000000099999', user)).statusCode).toBe(404);
      const request = await submitted(user, day(1), day(2));
      await decide(request._id, 'DENIED');
      expect((await call('DELETE', `/api/client/onleave/requests/${request._id}`, user)).statusCode).toBe(409);
    });
  });

  describe('update-status', () => {
    it('approves a pending request with a note: audited, the member told after commit', async () => {
      const user = await chef();
      const request = await submitted(user, day(5), day(7));
      const answer = await decide(request._id, 'APPROVED', manager, 'Have fun!');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().request).toMatchObject({
        _id: request._id,
        status: 'APPROVED',
        note: 'Have fun!',
        decidedBy: manager.id,
      });
      expect(notices).toEqual([
        {
          userId: user.id,
          ref: `leave:${request._id}:approved`,
          kind: 'leave.approved',
          text: expect.stringContaining('Have fun!'),
          // Worded in every language, the days too.
          texts: expect.objectContaining({
            de: 'Dein Urlaub vom 30. November 2026 bis 2. Dezember 2026 wurde genehmigt: Have fun!',
          }),
          link: '/staff/take-a-break',
        },
      ]);
      expect(notices[0]!.text).toContain('30 November 2026');
      const audit = await app.db.orm.em
        .fork()
        .find(AuditEntrySchema, { action: 'user.leave.decide', targetId: user.id });
      expect(audit.map((a) => [a.actorId, a.reason])).toEqual([[manager.id, 'Have fun!']]);
    });

    it('only a pending request is decided', async () => {
      const user = await chef();
      const request = await submitted(user, day(5), day(7));
      expect((await decide(request._id, 'DENIED', manager, 'No.')).json().request.status).toBe('DENIED');
      notices = [];
      for (const status of ['APPROVED', 'DENIED'] as const) {
        const answer = await decide(request._id, status);
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toMatchObject({ message: 'This leave request is already denied.', status: 'DENIED' });
      }
      const cancelled = await submitted(user, day(10), day(11));
      await call('DELETE', `/api/client/onleave/requests/${cancelled._id}`, user);
      expect((await decide(cancelled._id, 'APPROVED')).statusCode).toBe(409);
      expect(notices).toEqual([]);
      expect((await decide('1100000000000099999', 'APPROVED')).statusCode).toBe(404);
    });

    it('a pending request whose days have passed may be denied, not approved', async () => {
      const user = await chef();
      const request = await submitted(user, day(1), day(2));
      clock += 3 * 86_400_000;
      expect((await decide(request._id, 'APPROVED')).statusCode).toBe(409);
      expect((await decide(request._id, 'DENIED')).statusCode).toBe(200);
    });

    it('rank rules: not one’s own, not a superior’s; a super admin decides anyone’s', async () => {
      const ownRequest = await submitted(manager, day(20), day(21));
      expect((await decide(ownRequest._id, 'APPROVED')).statusCode).toBe(403);
      const peer = await app.createUser({ rankPermissions: MANAGER, rankPosition: 600 });
      const peerRequest = await submitted(peer, day(1), day(2));
      expect((await decide(peerRequest._id, 'APPROVED')).statusCode).toBe(403);
      // The list offers Decide and Cancel only where they will be allowed: not one's own, not a peer's.
      const chefRequest = await submitted(await chef(), day(3), day(4));
      const listed = async (who: TestUser, id: string) =>
        (
          (await call('GET', '/api/client/onleave/requests?pageSize=100', who)).json().requests as LeaveRequestView[]
        ).find((r) => r._id === id);
      expect((await listed(manager, peerRequest._id))?.manageable).toBe(false);
      expect((await listed(manager, ownRequest._id))?.manageable).toBe(false);
      expect((await listed(manager, chefRequest._id))?.manageable).toBe(true);
      expect((await listed(admin, peerRequest._id))?.manageable).toBe(true);
      expect((await decide(peerRequest._id, 'APPROVED', admin)).statusCode).toBe(200);
      expect((await decide(ownRequest._id, 'APPROVED', admin)).statusCode).toBe(200);
    });
  });

  describe('a manager enters leave for someone', () => {
    it('created APPROVED, audited, the member told', async () => {
      const user = await chef();
      const answer = await call('POST', `/api/client/onleave/requests/${user.id}`, manager, {
        request: { from: day(2), until: day(4), reason: 'Agreed on the phone.' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const request = answer.json().request as LeaveRequestView;
      expect(request).toMatchObject({
        status: 'APPROVED',
        createdBy: manager.id,
        decidedBy: manager.id,
        user: { id: user.id },
      });
      expect(notices).toEqual([
        expect.objectContaining({ userId: user.id, ref: `leave:${request._id}:approved`, kind: 'leave.approved' }),
      ]);
      expect(
        await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'user.leave.create', targetId: user.id }),
      ).toBe(1);
      // Overlapping days are refused for them too.
      expect(
        (
          await call('POST', `/api/client/onleave/requests/${user.id}`, manager, {
            request: { from: day(4), until: day(5), reason: 'More days.' },
          })
        ).statusCode,
      ).toBe(409);
    });

    it('not for oneself, a customer, a superior or an unknown user', async () => {
      const request = { from: day(2), until: day(4), reason: 'Agreed on the phone.' };
      const customer = await app.createUser();
      const peer = await app.createUser({ rankPermissions: MANAGER, rankPosition: 601 });
      expect((await call('POST', `/api/client/onleave/requests/${manager.id}`, manager, { request })).statusCode).toBe(
        403,
      );
      expect((await call('POST', `/api/client/onleave/requests/${customer.id}`, manager, { request })).statusCode).toBe(
        400,
      );
      expect((await call('POST', `/api/client/onleave/requests/${peer.id}`, manager, { request })).statusCode).toBe(
        403,
      );
      expect(
        (await call('POST', '/api/client/onleave/requests/1100000000000099999', manager, { request })).statusCode,
      ).toBe(404);
      expect((await call('POST', '/api/client/onleave/requests/not-an-id', manager, { request })).statusCode).toBe(400);
    });
  });

  describe('the delivery queue', () => {
    it('a member on leave cannot join it (409 saying until when); after the leave they can', async () => {
      const user = await chef();
      await approved(user, TODAY, day(2));
      const answer = await call('POST', '/api/client/orders/delivery-queue/join', user);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('You are on leave until 27 November 2026.');
      const french = await app.inject({
        method: 'POST',
        url: '/api/client/orders/delivery-queue/join',
        headers: { ...user.auth, 'accept-language': 'fr' },
      });
      expect(french.json()).toMatchObject({
        statusCode: 409,
        message: 'Vous êtes en congé jusqu’au 27 novembre 2026.',
      });
      clock = Date.parse(`${day(3)}T00:00:00Z`);
      expect((await call('POST', '/api/client/orders/delivery-queue/join', user)).statusCode).toBe(200);
      await orders.orders.leaveQueue(user.id);
    });

    it('approving a leave that has started takes the member out of the queue', async () => {
      const user = await chef();
      await orders.orders.joinQueue(user.id);
      await approved(user, TODAY, day(1));
      expect(queueLeaves).toEqual([user.id]);
      expect((await orders.orders.listQueue()).some((q) => q.userID === user.id)).toBe(false);
    });

    it('a future leave: still queued until it starts, then the sweeper takes them out', async () => {
      const user = await chef();
      await orders.orders.joinQueue(user.id);
      await approved(user, day(2), day(3));
      expect((await orders.orders.listQueue()).some((q) => q.userID === user.id)).toBe(true);
      await orders.sweeper.sweep();
      expect(queueLeaves).not.toContain(user.id);
      clock = Date.parse(`${day(2)}T00:00:01Z`);
      await orders.sweeper.sweep();
      expect(queueLeaves).toContain(user.id);
      expect((await orders.orders.listQueue()).some((q) => q.userID === user.id)).toBe(false);

      // Back in the queue in the instant the leave took effect (a join whose refusal check ran just before midnight,
      // its entry landing after the day's first pass): out within a minute, not at every pass of the day.
      const firstPass = clock;
      clock = Date.parse(`${day(2)}T00:00:00Z`) - 1;
      await orders.orders.joinQueue(user.id);
      clock = firstPass + 1000;
      await orders.sweeper.sweep();
      expect((await orders.orders.listQueue()).some((q) => q.userID === user.id)).toBe(true);
      clock += 60_000;
      await orders.sweeper.sweep();
      expect((await orders.orders.listQueue()).some((q) => q.userID === user.id)).toBe(false);
    });

    it('on leave now and returning this week', async () => {
      const [soon, later] = [await chef(), await chef()];
      await approved(soon, TODAY, day(3));
      await approved(later, TODAY, day(20));
      const now = (await leave.requests.onLeaveNow()).map((r) => r.user.id);
      expect(now).toEqual(expect.arrayContaining([soon.id, later.id]));
      const returning = (await leave.requests.returningThisWeek()).map((r) => r.user.id);
      expect(returning).toContain(soon.id);
      expect(returning).not.toContain(later.id);
      expect((await leave.requests.currentLeaves([soon.id, later.id])).get(later.id)).toBe(day(20));
    });

    it("days on leave: each member's approved days inside the range, both ends included; or one member's", async () => {
      const [long, short, waiting, refused] = [await chef(), await chef(), await chef(), await chef()];
      await approved(long, day(31), day(35));
      await approved(short, day(33), day(34));
      await submitted(waiting, day(31), day(35));
      expect((await decide((await submitted(refused, day(31), day(35)))._id, 'DENIED')).statusCode).toBe(200);
      const days = async (from: number, until: number, userId?: string) =>
        leave.requests.leaveDaysIn(day(from), day(until), userId ?? null);

      const inside = await days(32, 33);
      expect([inside.get(long.id), inside.get(short.id)]).toEqual([2, 1]);
      expect([inside.has(waiting.id), inside.has(refused.id)]).toEqual([false, false]);
      const around = await days(20, 40);
      expect([around.get(long.id), around.get(short.id)]).toEqual([5, 2]);
      expect((await days(35, 40)).has(short.id)).toBe(false);
      expect([...(await days(20, 40, short.id))]).toEqual([[short.id, 2]]);
    });
  });

  describe("a refusal in the request's language", () => {
    const inLanguage = (language: string, user: TestUser) => ({ ...user.auth, 'accept-language': language });

    it('is worded from the catalogue, days counted as the language counts them; English without a language', async () => {
      const user = await chef();
      const request = { from: day(80), until: day(91), reason: 'A long trip abroad.' };
      const url = '/api/client/onleave/requests';
      const asked = (language: string) =>
        app.inject({ method: 'POST', url, headers: inLanguage(language, user), payload: { request } });
      expect((await asked('fr')).json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Un congé se demande au plus 90 jours à l’avance.',
      });
      expect((await asked('de')).json().message).toBe('Urlaub kann höchstens 90 Tage im Voraus beantragt werden.');
      expect((await submit(user, day(80), day(91))).json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Leave can be requested at most 90 days ahead.',
      });
    });

    it("names the request's status in the language's words, the status itself as the API names it", async () => {
      const request = await submitted(await chef(), day(5), day(7));
      expect((await decide(request._id, 'DENIED', manager, 'No.')).statusCode).toBe(200);
      const decideIn = (language: string) =>
        app.inject({
          method: 'POST',
          url: `/api/client/onleave/requests/${request._id}/update-status`,
          headers: inLanguage(language, manager),
          payload: { status: 'APPROVED', note: 'Fine by me.' },
        });
      expect((await decideIn('es')).json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'Esta solicitud de permiso ya está rechazada.',
        status: 'DENIED',
      });
      expect((await decideIn('pt-BR')).json().message).toBe('Este pedido de licença já está negado.');
    });
  });
});
