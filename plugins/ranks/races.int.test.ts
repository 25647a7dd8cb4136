import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Permission, toBits } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { RankSchema } from './entities.ts';
import { addRankIn } from './holdings.ts';
import type { RankView } from './schemas.ts';

/**
 * Ranks under concurrency. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) these race for
 * real: the ladder's positions are unique, and a reorder writes them all or none.
 */
const MANAGER_POSITION = 500;

describe('ranks under concurrency', () => {
  let app: TestApp;
  const users = {} as Record<'manager' | 'superAdmin', TestUser>;

  beforeAll(async () => {
    app = await createTestApp();
    users.superAdmin = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    const em = app.db.orm.em.fork();
    const permissions: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'MANAGE_RANKS'];
    const managerRank = em.create(RankSchema, {
      name: 'Manager',
      position: MANAGER_POSITION,
      permissions: toBits(permissions),
    });
    for (let position = 10; position < 16; position++)
      em.create(RankSchema, { name: `Rank at ${position}`, position, permissions: 0 });
    await em.flush();
    users.manager = await app.createUser();
    await addRankIn(em, users.manager.id, managerRank.id);
  });
  afterAll(() => app?.close());

  const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, user: TestUser) =>
    app.inject({ method, url, headers: user.auth, payload });
  const createRank = (body: Record<string, unknown>, user: TestUser) => call('POST', '/api/client/ranks', body, user);
  const putPositions = (ranks: string[], user: TestUser) => call('PUT', '/api/client/ranks/positions', { ranks }, user);
  const listRanks = async (): Promise<RankView[]> =>
    (await app.inject({ method: 'GET', url: '/api/client/ranks' })).json().ranks;

  it('gives each of several concurrent default creations its own position', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createRank({ name: `Rush ${i}` }, users.manager)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const positions = results.map((r) => r.json().rank.position as number);
    expect(new Set(positions).size).toBe(5);
    for (const position of positions) expect(position).toBeLessThan(MANAGER_POSITION);
  });

  it('is atomic under concurrent reorders: afterwards the order is one of the two requested, never a mix', async () => {
    const ids = (await listRanks()).map((r) => r.id);
    for (let round = 0; round < 5; round++) {
      const a = [...ids].reverse();
      const b = [...ids.slice(round + 1), ...ids.slice(0, round + 1)];
      const results = await Promise.all([putPositions(a, users.superAdmin), putPositions(b, users.superAdmin)]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((code) => code === 200).length).toBeGreaterThan(0);
      for (const code of codes) expect([200, 409]).toContain(code);
      const after = await listRanks();
      const positions = after.map((r) => r.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect([a, b]).toContainEqual(after.map((r) => r.id));
    }
    expect((await putPositions(ids, users.superAdmin)).statusCode).toBe(200);
  });

  it('writes each of several ladders inserted at once whole or not at all: one wins a position they share', async () => {
    const ranks = appServices(app.server.ctx).ranks;
    const ladder = (name: string) => [
      { name: `${name} top`, position: 300, permissions: 0 },
      { name: `${name} bottom`, position: 200 + name.length, permissions: 0 },
    ];
    const results = await Promise.allSettled(['A', 'BB', 'CCC', 'DDDD'].map((name) => ranks.insertMany(ladder(name))));
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ kind: 'conflict' });
    const winner = (won[0] as PromiseFulfilledResult<RankView[]>).value.map((rank) => rank.name);
    const names = (await listRanks()).map((rank) => rank.name);
    expect(names.filter((name) => name.endsWith(' top') || name.endsWith(' bottom'))).toEqual(winner);
  });
});
