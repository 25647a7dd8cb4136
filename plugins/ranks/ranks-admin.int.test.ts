import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../core/auth/sessions.ts';
import { DomainError } from '../../core/errors.ts';
import { type Permission, toBits } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { RankSchema } from './entities.ts';
import { addRankIn, ranksOfIn } from './holdings.ts';
import type { RankView } from './schemas.ts';

type Who = 'customer' | 'staff' | 'banned' | 'manager' | 'superAdmin';

const MANAGER_POSITION = 500;
const MANAGER_PERMISSIONS: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'MANAGE_RANKS'];

describe('ranks admin API', () => {
  let app: TestApp;
  const users = {} as Record<Who | 'lowManager', TestUser>;
  let managerRankId: string;
  /** Free positions for the ranks the tests work on, well below every user's rank. */
  let nextLow = 10;

  /** A rank written straight to the table (not through the API under test). */
  async function rankAt(
    position: number,
    permissions: Permission[] = [],
    name = `Rank at ${position}`,
  ): Promise<string> {
    const em = app.db.orm.em.fork();
    const rank = em.create(RankSchema, { name, position, permissions: toBits(permissions) });
    await em.flush();
    return rank.id;
  }
  const lowRank = (permissions: Permission[] = []) => rankAt(nextLow++, permissions);

  async function giveRank(userId: string, rankId: string): Promise<void> {
    await addRankIn(app.db.orm.em.fork(), userId, rankId);
  }

  /** A user whose only (so highest) rank sits at `position`. */
  async function userWithRank(
    position: number,
    permissions: Permission[],
  ): Promise<{ user: TestUser; rankId: string }> {
    const user = await app.createUser();
    const rankId = await rankAt(position, permissions, `Holder ${position}`);
    await giveRank(user.id, rankId);
    return { user, rankId };
  }

  async function rankRow(id: string) {
    return app.db.orm.em.fork().findOne(RankSchema, { id });
  }
  async function rankCount(): Promise<number> {
    return app.db.orm.em.fork().count(RankSchema, {});
  }
  async function listRanks(): Promise<RankView[]> {
    return (await app.inject({ method: 'GET', url: '/api/client/ranks' })).json().ranks;
  }

  const call = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload: unknown, user?: TestUser) =>
    app.inject({
      method,
      url,
      headers: user?.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const createRank = (body: unknown, user?: TestUser) => call('POST', '/api/client/ranks', body, user);
  const patchRank = (id: string, body: unknown, user?: TestUser) =>
    call('PATCH', `/api/client/ranks/${id}`, body, user);
  const deleteRank = (id: string, user?: TestUser) => call('DELETE', `/api/client/ranks/${id}`, undefined, user);
  const putPositions = (ranks: unknown, user?: TestUser) => call('PUT', '/api/client/ranks/positions', { ranks }, user);

  /** The current order with the two lowest ranks swapped (both below every user's rank). */
  async function lowestTwoSwapped(): Promise<string[]> {
    const ids = (await listRanks()).map((r) => r.id);
    const n = ids.length;
    [ids[n - 2], ids[n - 1]] = [ids[n - 1]!, ids[n - 2]!];
    return ids;
  }

  beforeAll(async () => {
    app = await createTestApp();
    // Every user with an automatic rank position (createUser's, from 1000 up) is made here, before any rank a
    // test creates could take one of those positions.
    users.customer = await app.createUser();
    users.staff = await app.createUser({ rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'] });
    users.banned = await app.createUser({ rankPermissions: ['MANAGE_RANKS'], ban: { reason: 'Abuse', expires: null } });
    users.superAdmin = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    const manager = await userWithRank(MANAGER_POSITION, MANAGER_PERMISSIONS);
    users.manager = manager.user;
    managerRankId = manager.rankId;
    users.lowManager = (await userWithRank(300, ['MANAGE_RANKS'])).user;
    // The ladder's floor, below the positions the tests count up from: a SUPER_ADMIN without a rank creates at the
    // bottom, one below it, where no test's own rank will be.
    await rankAt(8, [], 'Floor');
  });
  afterAll(() => app.close());

  describe('who may call each endpoint', () => {
    const matrix = [
      ['anonymous', undefined, 401],
      ['a customer', 'customer', 403],
      ['a banned user with MANAGE_RANKS', 'banned', 403],
      ['staff without MANAGE_RANKS', 'staff', 403],
      ['MANAGE_RANKS', 'manager', 200],
      ['SUPER_ADMIN', 'superAdmin', 200],
    ] as const;

    it.each(matrix)('POST /api/client/ranks: %s: %i', async (_who, who, status) => {
      const before = await rankCount();
      const res = await createRank({ name: 'Line Cook', permissions: ['MANAGE_ORDERS'] }, who && users[who]);
      expect(res.statusCode).toBe(status);
      if (status === 200) {
        expect(res.json().rank).toMatchObject({ name: 'Line Cook', permissions: toBits(['MANAGE_ORDERS']) });
        expect(await rankCount()).toBe(before + 1);
      } else {
        expect(await rankCount()).toBe(before);
      }
    });

    it.each(matrix)('PATCH /api/client/ranks/{id}: %s: %i', async (_who, who, status) => {
      const id = await lowRank();
      const res = await patchRank(id, { name: 'Renamed' }, who && users[who]);
      expect(res.statusCode).toBe(status);
      expect((await rankRow(id))?.name).toBe(status === 200 ? 'Renamed' : `Rank at ${nextLow - 1}`);
    });

    it.each(matrix.map(([a, b, s]) => [a, b, s === 200 ? 204 : s] as const))(
      'DELETE /api/client/ranks/{id}: %s: %i',
      async (_who, who, status) => {
        const id = await lowRank();
        const res = await deleteRank(id, who && users[who]);
        expect(res.statusCode).toBe(status);
        if (status === 204) expect(res.body).toBe('');
        expect(await rankRow(id)).toEqual(status === 204 ? null : expect.objectContaining({ id }));
      },
    );

    it.each(matrix)('PUT /api/client/ranks/positions: %s: %i', async (_who, who, status) => {
      await lowRank();
      await lowRank();
      const before = await listRanks();
      const order = await lowestTwoSwapped();
      const res = await putPositions(order, who && users[who]);
      expect(res.statusCode).toBe(status);
      const after = await listRanks();
      expect(after.map((r) => r.id)).toEqual(status === 200 ? order : before.map((r) => r.id));
      if (status === 200) expect(res.json().ranks).toEqual(after);
    });
  });

  describe('create', () => {
    it('answers { rank } with the defaults, the name trimmed and the colour in lower case', async () => {
      const res = await createRank({ name: '  Sous Chef  ', colour: '#AABBCC', position: nextLow++ }, users.superAdmin);
      expect(res.statusCode).toBe(200);
      const { rank } = res.json();
      expect(rank).toEqual({
        id: expect.any(String),
        name: 'Sous Chef',
        position: nextLow - 1,
        colour: '#aabbcc',
        permissions: 0,
        perks: [],
        staff: { canResign: false },
      });
      const plain = (await createRank({ name: 'Plain', position: nextLow++ }, users.superAdmin)).json().rank;
      expect(plain.colour).toBe('#2888f5');
      const full = await createRank(
        {
          name: 'Beta tester',
          position: nextLow++,
          permissions: ['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP'],
          perks: ['FEEDBACK_BETA'],
          staff: { canResign: true },
        },
        users.superAdmin,
      );
      expect(full.json().rank).toMatchObject({
        permissions: toBits(['MANAGE_ORDERS', 'VIEW_FOOD_LOOKUP']),
        perks: ['FEEDBACK_BETA'],
        staff: { canResign: true },
      });
      expect((await rankRow(full.json().rank.id))?.canResign).toBe(true);
      expect((await app.inject({ method: 'GET', url: `/api/client/ranks/${rank.id}` })).json()).toEqual({ rank });
    });

    it("puts a manager's rank at the highest free position below their own highest rank by default", async () => {
      await rankAt(299);
      await rankAt(298);
      const res = await createRank({ name: 'Below' }, users.lowManager);
      expect(res.statusCode).toBe(200);
      expect(res.json().rank.position).toBe(297);
    });

    it("puts a SUPER_ADMIN's rank just below their own highest rank by default, never above it", async () => {
      const owner = await userWithRank(700, ['SUPER_ADMIN']);
      await rankAt(699);
      const top = (await listRanks())[0]!.id;
      const res = await createRank({ name: 'Sous Chef' }, owner.user);
      expect(res.statusCode).toBe(200);
      expect(res.json().rank.position).toBe(698);
      expect((await listRanks())[0]!.id).toBe(top);
    });

    it('puts the rank of a SUPER_ADMIN who holds no rank at the bottom, below every rank', async () => {
      const lowest = (await listRanks()).at(-1)!.position;
      const res = await createRank({ name: 'New bottom' }, users.superAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.json().rank.position).toBe(lowest - 1);
      expect((await listRanks()).at(-1)!.id).toBe(res.json().rank.id);
    });

    it('409 for a position another rank holds, nothing written', async () => {
      const before = await rankCount();
      const res = await createRank({ name: 'Clash', position: MANAGER_POSITION }, users.superAdmin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect(await rankCount()).toBe(before);
    });
  });

  describe('escalation', () => {
    it('a manager cannot create a rank at or above their own highest rank; below it they can', async () => {
      for (const position of [MANAGER_POSITION, MANAGER_POSITION + 1, 100_000]) {
        const res = await createRank({ name: 'Too high', position }, users.manager);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You cannot manage a rank at or above your own highest rank.');
      }
      const position = nextLow++;
      expect((await createRank({ name: 'Fine', position }, users.manager)).statusCode).toBe(200);
    });

    it('a manager cannot grant permissions they lack, on create or edit', async () => {
      const before = await rankCount();
      for (const permissions of [['MANAGE_USERS'], ['SUPER_ADMIN'], ['MANAGE_ORDERS', 'MANAGE_SETTINGS']]) {
        const res = await createRank({ name: 'Greedy', permissions }, users.manager);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You cannot grant permissions you do not have.');
      }
      expect(await rankCount()).toBe(before);
      const id = await lowRank(['MANAGE_ORDERS']);
      const edit = await patchRank(id, { permissions: ['MANAGE_ORDERS', 'MANAGE_USERS'] }, users.manager);
      expect(edit.statusCode).toBe(403);
      expect((await rankRow(id))?.permissions).toBe(toBits(['MANAGE_ORDERS']));
      // Their own permissions are fine.
      const ok = await patchRank(id, { permissions: ['MANAGE_ORDERS', 'MANAGE_RANKS'] }, users.manager);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().rank.permissions).toBe(toBits(['MANAGE_ORDERS', 'MANAGE_RANKS']));
    });

    it('a manager may keep or remove permissions a higher-up gave a lower rank, but not add more', async () => {
      const id = await lowRank(['MANAGE_USERS', 'MANAGE_ORDERS']);
      const rename = await patchRank(
        id,
        { name: 'Still powerful', permissions: ['MANAGE_USERS', 'MANAGE_ORDERS'] },
        users.manager,
      );
      expect(rename.statusCode).toBe(200);
      const strip = await patchRank(id, { permissions: ['MANAGE_ORDERS'] }, users.manager);
      expect(strip.json().rank.permissions).toBe(toBits(['MANAGE_ORDERS']));
      expect((await patchRank(id, { permissions: ['MANAGE_USERS'] }, users.manager)).statusCode).toBe(403);
    });

    it('a manager cannot edit or delete their own rank or one above it', async () => {
      const above = await rankAt(MANAGER_POSITION + 50);
      for (const id of [managerRankId, above]) {
        expect((await patchRank(id, { name: 'Mine now' }, users.manager)).statusCode).toBe(403);
        expect((await deleteRank(id, users.manager)).statusCode).toBe(403);
        expect((await rankRow(id))?.name).not.toBe('Mine now');
      }
    });

    it('a manager cannot move a rank above their own, nor reorder the ranks at or above it', async () => {
      const a = await lowRank();
      const b = await lowRank();
      const before = (await listRanks()).map((r) => r.id);
      const mine = before.indexOf(managerRankId);
      const attempts: string[][] = [];
      // A low rank lifted just above the manager's rank.
      attempts.push([
        ...before.slice(0, mine).filter((id) => id !== a),
        a,
        ...before.slice(mine).filter((id) => id !== a),
      ]);
      // The manager's rank swapped with the one below it.
      const swapped = [...before];
      [swapped[mine], swapped[mine + 1]] = [swapped[mine + 1]!, swapped[mine]!];
      attempts.push(swapped);
      // Two ranks above the manager's swapped.
      const top = [...before];
      [top[0], top[1]] = [top[1]!, top[0]!];
      attempts.push(top);
      for (const order of attempts) {
        const res = await putPositions(order, users.manager);
        expect(res.statusCode).toBe(403);
        expect((await listRanks()).map((r) => r.id)).toEqual(before);
      }
      // Below their own rank they may reorder; every rank at or above it keeps its number.
      const positionsBefore = new Map((await listRanks()).map((r) => [r.id, r.position]));
      const lower = before.slice(mine + 1).filter((id) => id !== a && id !== b);
      const order = [...before.slice(0, mine + 1), b, a, ...lower];
      const res = await putPositions(order, users.manager);
      expect(res.statusCode).toBe(200);
      const after = await listRanks();
      expect(after.map((r) => r.id)).toEqual(order);
      for (const rank of after.slice(0, mine + 1)) expect(rank.position).toBe(positionsBefore.get(rank.id));
      for (const rank of after.slice(mine + 1)) expect(rank.position).toBeLessThan(MANAGER_POSITION);
    });

    it('a SUPER_ADMIN may create, edit and move any rank, with any permissions', async () => {
      const created = await createRank(
        { name: 'Co-owner', permissions: ['SUPER_ADMIN'], position: 50_000 },
        users.superAdmin,
      );
      expect(created.statusCode).toBe(200);
      expect(created.json().rank.permissions).toBe(toBits(['SUPER_ADMIN']));
      expect(
        (
          await patchRank(
            managerRankId,
            { name: 'Head Manager', permissions: [...MANAGER_PERMISSIONS, 'MANAGE_USERS'] },
            users.superAdmin,
          )
        ).statusCode,
      ).toBe(200);
      const before = (await listRanks()).map((r) => r.id);
      const reversed = [...before].reverse();
      const res = await putPositions(reversed, users.superAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.json().ranks.map((r: RankView) => r.id)).toEqual(reversed);
      // Put them back, so the manager's rank is where the other tests expect it.
      expect((await putPositions(before, users.superAdmin)).statusCode).toBe(200);
      expect((await rankRow(managerRankId))?.position).toBe(MANAGER_POSITION);
    });
  });

  describe('validation', () => {
    it.each([
      ['an empty name', { name: '' }],
      ['a blank name', { name: '   ' }],
      ['a 65-character name', { name: 'x'.repeat(65) }],
      ['no name', { colour: '#123456' }],
      ['a named colour', { name: 'Ok', colour: 'red' }],
      ['a short colour', { name: 'Ok', colour: '#12345' }],
      ['an unknown permission', { name: 'Ok', permissions: ['MAKE_COFFEE'] }],
      ['permission bits instead of names', { name: 'Ok', permissions: 3 }],
      ['an unknown perk', { name: 'Ok', perks: ['FREE_FOOD'] }],
      ['staff.canResign not a boolean', { name: 'Ok', staff: { canResign: 'yes' } }],
      ['canResign at the top level', { name: 'Ok', canResign: true }],
      ['a negative position', { name: 'Ok', position: -1 }],
      ['a fractional position', { name: 'Ok', position: 1.5 }],
      ['an extra field', { name: 'Ok', id: '1234567890123456789' }],
    ])('POST with %s: 400 with issues, nothing written', async (_what, body) => {
      const before = await rankCount();
      const res = await createRank(body, users.superAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().issues.length).toBeGreaterThan(0);
      expect(await rankCount()).toBe(before);
    });

    it.each([
      ['nothing to change', {}],
      ['a position', { position: 3 }],
      ['an empty name', { name: '' }],
      ['a bad colour', { colour: '#zzzzzz' }],
      ['an unknown permission', { permissions: ['NOPE'] }],
      ['staff without canResign', { staff: {} }],
    ])('PATCH with %s: 400 with issues, nothing written', async (_what, body) => {
      const id = await lowRank(['MANAGE_ORDERS']);
      const before = await rankRow(id);
      const res = await patchRank(id, body, users.superAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.length).toBeGreaterThan(0);
      expect(await rankRow(id)).toEqual(before);
    });

    it('PATCH and DELETE: 404 for an unknown rank, 400 for a malformed id', async () => {
      expect((await patchRank('1234567890123456789', { name: 'Ghost' }, users.superAdmin)).statusCode).toBe(404);
      expect((await deleteRank('1234567890123456789', users.superAdmin)).statusCode).toBe(404);
      expect((await patchRank('abc', { name: 'Ghost' }, users.superAdmin)).statusCode).toBe(400);
      expect((await deleteRank('abc', users.superAdmin)).statusCode).toBe(400);
    });

    it('PATCH changes only the fields it is given', async () => {
      const id = (
        await createRank(
          {
            name: 'Grill',
            colour: '#111111',
            permissions: ['MANAGE_ORDERS'],
            perks: ['FEEDBACK_BETA'],
            staff: { canResign: true },
            position: nextLow++,
          },
          users.superAdmin,
        )
      ).json().rank.id;
      const res = await patchRank(id, { colour: '#FFFFFF', staff: { canResign: false } }, users.superAdmin);
      expect(res.json()).toEqual({
        rank: {
          id,
          name: 'Grill',
          position: nextLow - 1,
          colour: '#ffffff',
          permissions: toBits(['MANAGE_ORDERS']),
          perks: ['FEEDBACK_BETA'],
          staff: { canResign: false },
        },
      });
    });

    it('PUT /positions: 400 with issues for a malformed body', async () => {
      for (const payload of [{ ranks: [] }, { ranks: ['abc'] }, { ranks: 'all' }, {}, { ranks: [], extra: 1 }]) {
        const res = await call('PUT', '/api/client/ranks/positions', payload, users.superAdmin);
        expect(res.statusCode).toBe(400);
        expect(res.json().issues.length).toBeGreaterThan(0);
      }
    });

    it('PUT /positions: 400 unless the list is exactly the set of existing ranks, nothing written', async () => {
      const before = await listRanks();
      const ids = before.map((r) => r.id);
      for (const order of [
        ids.slice(1),
        [...ids, '1234567890123456789'],
        [...ids.slice(1), '1234567890123456789'],
        [ids[0]!, ...ids.slice(0, -1)],
      ]) {
        const res = await putPositions(order, users.superAdmin);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      expect(await listRanks()).toEqual(before);
    });
  });

  describe('reorder', () => {
    it('assigns positions so the order holds, keeps them unique, and keeps numbers of ranks that stay', async () => {
      const before = await listRanks();
      const numbers = before.map((r) => r.position);
      const order = before.map((r) => r.id);
      // Move the lowest rank up to just below the highest, which shifts every rank in between down one place.
      order.splice(1, 0, order.pop()!);
      const res = await putPositions(order, users.superAdmin);
      expect(res.statusCode).toBe(200);
      const { ranks } = res.json() as { ranks: RankView[] };
      expect(ranks.map((r) => r.id)).toEqual(order);
      expect(ranks.map((r) => r.position)).toEqual(numbers);
      expect(await listRanks()).toEqual(ranks);
      expect(
        (
          await putPositions(
            before.map((r) => r.id),
            users.superAdmin,
          )
        ).statusCode,
      ).toBe(200);
      expect(await listRanks()).toEqual(before);
    });

    it('publishes ranksReordered after a change, and nothing for an order that changes nothing', async () => {
      const seen: unknown[] = [];
      const off = app.server.ctx.events.on('ranksReordered', (e) => void seen.push(e));
      const ids = (await listRanks()).map((r) => r.id);
      await putPositions(ids, users.superAdmin);
      const swapped = await lowestTwoSwapped();
      await putPositions(swapped, users.superAdmin);
      off();
      expect(seen).toEqual([{ ranks: swapped }]);
    });
  });

  describe('delete', () => {
    it('removes the rank from every user who held it, and with it its permissions', async () => {
      const id = await rankAt(450, ['MANAGE_RANKS']);
      const holder = await app.createUser();
      const other = await app.createUser();
      await giveRank(holder.id, id);
      await giveRank(other.id, id);
      // The rank is what lets the holder manage ranks.
      expect((await createRank({ name: 'Allowed', position: nextLow++ }, holder)).statusCode).toBe(200);
      const res = await deleteRank(id, users.superAdmin);
      expect(res.statusCode).toBe(204);
      expect(await rankRow(id)).toBeNull();
      const em = app.db.orm.em.fork();
      for (const user of [holder, other]) {
        expect((await ranksOfIn(em, user.id)).map((r) => r.id)).not.toContain(id);
      }
      const pivot = await em.execute<{ n: string }[]>('select count(*)::text as n from user_ranks where rank_id = ?', [
        id,
      ]);
      expect(pivot[0]?.n).toBe('0');
      expect((await app.inject({ method: 'GET', url: `/api/client/ranks/${id}` })).statusCode).toBe(404);
      // Without the rank the holder no longer passes the MANAGE_RANKS guard.
      expect((await createRank({ name: 'Nope', position: nextLow++ }, holder)).statusCode).toBe(403);
    });
  });

  describe('the service, without HTTP', () => {
    const service = () => appServices(app.server.ctx).ranks;
    const actorOf = async (user: TestUser): Promise<CurrentUser> =>
      (await app.server.ctx.sessions.validate(user.token))!.user;

    it('enforces the same rules for a CurrentUser', async () => {
      const manager = await actorOf(users.manager);
      await expect(
        service().create(manager, {
          name: 'X',
          colour: '#000000',
          permissions: ['MANAGE_SETTINGS'],
          perks: [],
          staff: { canResign: false },
        }),
      ).rejects.toMatchObject({
        kind: 'forbidden',
      });
      await expect(service().update(manager, managerRankId, { name: 'X' })).rejects.toBeInstanceOf(DomainError);
      await expect(service().delete(manager, '1234567890123456789')).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('lets a MANAGE_RANKS holder without any rank change nothing about the order', async () => {
      const rankless = { ...(await actorOf(users.manager)), ranks: [] };
      const ids = (await service().list()).map((r) => r.id);
      expect((await service().reorder(rankless, ids)).map((r) => r.id)).toEqual(ids);
      const swapped = [...ids];
      [swapped[ids.length - 2], swapped[ids.length - 1]] = [swapped[ids.length - 1]!, swapped[ids.length - 2]!];
      await expect(service().reorder(rankless, swapped)).rejects.toMatchObject({ kind: 'forbidden' });
      await expect(
        service().create(rankless, {
          name: 'X',
          colour: '#000000',
          permissions: [],
          perks: [],
          staff: { canResign: false },
        }),
      ).rejects.toMatchObject({
        kind: 'forbidden',
      });
    });
  });
});
