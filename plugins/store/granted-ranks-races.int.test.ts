import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createRank } from '../../tests/support/ranks.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { RankHistoryView } from '../users/schemas.ts';
import type { StorePlugin } from './index.ts';

const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'];
const TRIALS = 8;

/**
 * A user manager's rank edit at the same moment as a grant of a rank starts or ends: whichever runs first, the user
 * ends up holding the ranks given by hand and the ranks active grants hold, and the rank history chains. PGlite runs
 * one transaction at a time; on PostgreSQL (TEST_DATABASE_URL) the two race for real and the user's row lock orders them.
 */
describe('granted ranks: a rank edit racing a grant', () => {
  let app: TestApp;
  let manager: TestUser;
  let grants: StorePlugin['grants'];
  let plan = '';
  let chef = '';
  let clock = Date.parse('2026-12-03T12:00:00Z');

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => clock });
    grants = appServices(app.server.ctx).store.grants;
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 9000 });
    plan = await createRank(app, { name: 'Race Patron', position: 7, permissions: 0 });
    chef = await createRank(app, { name: 'Race Chef', position: 20, permissions: 1 });
  });
  afterAll(() => app?.close());

  const editRanks = (user: TestUser, ranks: string[]) =>
    app.inject({
      method: 'PATCH',
      url: `/api/client/admin/users/${user.id}/update-rank`,
      headers: manager.auth,
      payload: { ranks },
    });
  const grant = (user: TestUser, sourceRef: string, endsAt: Date | null = null) =>
    app.db.orm.em
      .fork()
      .transactional((em) =>
        grants.grantIn(em, { userId: user.id, kind: 'rank', value: plan, source: 'subscription', sourceRef, endsAt }),
      );
  const endGrant = (user: TestUser, sourceRef: string) =>
    app.db.orm.em
      .fork()
      .transactional((em) => grants.endIn(em, { userId: user.id, source: 'subscription', sourceRef }));
  const held = async (user: TestUser): Promise<string[]> =>
    [...(await app.inject({ method: 'GET', url: `/api/v3/users/${user.id}` })).json().user.ranks].sort();
  const manual = async (user: TestUser): Promise<string[]> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client/admin/users',
      headers: manager.auth,
      payload: { filter: { search: user.id } },
    });
    return [...res.json().users[0].manualRanks].sort();
  };
  async function expectChained(user: TestUser): Promise<void> {
    const res = await app.inject({
      method: 'GET',
      url: `/api/client/users/${user.id}/rank-history`,
      headers: manager.auth,
    });
    let previous: string[] = [];
    for (const entry of (res.json().history as RankHistoryView[]).reverse()) {
      expect([...entry.ranksBefore].sort(), `${entry.action} starts where the previous entry ended`).toEqual(
        [...previous].sort(),
      );
      previous = entry.ranksAfter;
    }
    expect([...previous].sort(), 'the history ends with the ranks held').toEqual(await held(user));
  }
  const sorted = (...ids: string[]) => [...ids].sort();

  // The manager gives Chef by hand (leaving the grant's rank to the grant), or the grant's rank itself.
  it.each([
    { edit: 'leaves its rank out', byHand: () => [chef] },
    { edit: 'gives its rank by hand too', byHand: () => [plan] },
  ])(
    "a grant's start racing an edit that $edit: the user holds the grant's rank and what the hand gave, and the grant's end takes only a rank no hand gave",
    async ({ byHand }) => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const user = await app.createUser();
        const [edited] = await Promise.all([editRanks(user, byHand()), grant(user, `start-${user.id}`)]);
        expect(edited.statusCode, edited.body).toBe(200);
        expect(await held(user)).toEqual(sorted(...new Set([plan, ...byHand()])));
        expect(await manual(user)).toEqual(byHand());
        await endGrant(user, `start-${user.id}`);
        expect(await held(user)).toEqual(byHand());
        await expectChained(user);
      }
    },
  );

  it("a grant's end racing an edit that gives its rank by hand: the rank stays, given by hand", async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const user = await app.createUser();
      await grant(user, `end-${trial}`);
      const [edited] = await Promise.all([editRanks(user, [plan, chef]), endGrant(user, `end-${trial}`)]);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await held(user)).toEqual(sorted(chef, plan));
      expect(await manual(user)).toEqual(sorted(chef, plan));
      await expectChained(user);
    }
  });

  it("the sweep ending a timed grant racing an edit that leaves its rank out: the grant's rank goes, the hand-given one stays", async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const user = await app.createUser();
      await grant(user, `sweep-${trial}`, new Date(clock + 60_000));
      clock += 120_000;
      const [edited] = await Promise.all([editRanks(user, [chef]), grants.sweep()]);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await held(user)).toEqual([chef]);
      await expectChained(user);
    }
  });
});
