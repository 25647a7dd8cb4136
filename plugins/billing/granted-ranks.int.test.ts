import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createRank } from '../../tests/support/ranks.ts';
import type { TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { RankHistoryView } from '../users/schemas.ts';
import { type BillingTestApp, startBillingTestApp } from './testing.ts';

const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'];

/**
 * Ranks a plan (or any grant) gives are held by their grants, apart from the ranks a user manager gives by hand: a
 * manager's rank edit, remove-staff or the user's resignation never takes a plan's rank, and a grant's end never
 * takes a rank given by hand too. On PostgreSQL too.
 */
describe('granted ranks and the user manager', () => {
  let t: BillingTestApp;
  let manager: TestUser;
  const rank: Record<'patron' | 'chef' | 'trainee', string> = { patron: '', chef: '', trainee: '' };
  beforeAll(async () => {
    t = await startBillingTestApp();
    manager = await t.app.createUser({ rankPermissions: MANAGER, rankPosition: 9000 });
    // As the demo data makes them: the plan's rank is a title (no permissions); the store's trial rank is a kitchen one.
    rank.patron = await createRank(t.app, { name: 'Patron', position: 7, permissions: 0 });
    rank.chef = await createRank(t.app, { name: 'Chef', position: 20, permissions: 1, canResign: true });
    rank.trainee = await createRank(t.app, { name: 'Trainee Chef', position: 10, permissions: 1, canResign: true });
  });
  afterAll(() => t?.close());

  const store = () => appServices(t.app.server.ctx).store;
  const editRanks = (user: TestUser, ranks: string[]) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/client/admin/users/${user.id}/update-rank`,
      headers: manager.auth,
      payload: { ranks },
    });
  const removeStaff = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: `/api/client/admin/users/${user.id}/remove-staff`,
      headers: manager.auth,
      payload: { reason: 'Leaving the kitchen' },
    });
  /** What the user holds, as the API's user object says it (rank ids, highest first). */
  const held = async (user: TestUser): Promise<string[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: user.auth })).json().user.ranks;
  const adminView = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/admin/users',
      headers: manager.auth,
      payload: { filter: { search: user.id } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().users[0];
  };
  /** Oldest first. */
  const history = async (user: TestUser): Promise<RankHistoryView[]> =>
    (
      (
        await t.app.inject({ method: 'GET', url: `/api/client/users/${user.id}/rank-history`, headers: manager.auth })
      ).json().history as RankHistoryView[]
    ).reverse();
  /** A timed grant of a rank, as a store purchase gives one. */
  const grant = (user: TestUser, rankId: string, sourceRef: string) =>
    t.app.db.orm.em.fork().transactional((em) =>
      store().grants.grantIn(em, {
        userId: user.id,
        kind: 'rank',
        value: rankId,
        source: 'purchase',
        sourceRef,
        endsAt: new Date(t.clock.now + 86_400_000),
      }),
    );
  const endGrant = (user: TestUser, sourceRef: string) =>
    t.app.db.orm.em
      .fork()
      .transactional((em) => store().grants.endIn(em, { userId: user.id, source: 'purchase', sourceRef }));

  function expectChained(entries: RankHistoryView[], end: string[]): void {
    let previous: string[] = [];
    for (const entry of entries) {
      expect([...entry.ranksBefore].sort(), `${entry.action} starts where the previous entry ended`).toEqual(
        [...previous].sort(),
      );
      previous = entry.ranksAfter;
    }
    expect([...previous].sort(), 'the last entry ends with the ranks held').toEqual([...end].sort());
  }

  it("a manager's rank edit and remove-staff keep the plan's rank, through every converge, until the plan ends", async () => {
    const user = await t.app.createUser();
    const subId = await t.subscribe(user, 'patron');
    expect(await held(user)).toEqual([rank.patron]);

    // The manager gives Chef by hand (the form sends the ranks given by hand): the plan's Patron stays.
    const edited = await editRanks(user, [rank.chef]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().ranks).toEqual([rank.chef, rank.patron]);
    expect(await held(user)).toEqual([rank.chef, rank.patron]);

    // The user manager's view says which ranks are given by hand and which a plan holds (with the plan's name).
    expect(await adminView(user)).toMatchObject({
      ranks: [rank.chef, rank.patron],
      manualRanks: [rank.chef],
      grantedRanks: [{ rank: rank.patron, source: 'subscription', sourceName: 'Patron', endsAt: null }],
    });

    // Emptying the ranks given by hand leaves the plan's, and a converge changes nothing.
    expect((await editRanks(user, [])).json().ranks).toEqual([rank.patron]);
    await t.stripe.renew(subId);
    await t.stripe.idle();
    expect(await held(user)).toEqual([rank.patron]);

    // Remove staff takes the ranks given by hand; the plan's is no staff rank and stays. Nothing left to remove: 409.
    expect((await editRanks(user, [rank.chef])).statusCode).toBe(200);
    expect((await removeStaff(user)).statusCode).toBe(204);
    expect(await held(user)).toEqual([rank.patron]);
    const again = await removeStaff(user);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This user holds no rank given by hand: their ranks from a plan or a grant end with it.',
    );

    // The plan's end takes its rank, and only it.
    expect((await editRanks(user, [rank.trainee])).statusCode).toBe(200);
    await t.stripe.endPeriod(subId);
    await t.stripe.idle();
    expect(await held(user)).toEqual([rank.trainee]);
    expect(await adminView(user)).toMatchObject({ manualRanks: [rank.trainee], grantedRanks: [] });
    expectChained(await history(user), [rank.trainee]);
  });

  it('a rank given by hand outlives a grant of the same rank, whichever came first; the sweep ends only what the grant gave', async () => {
    // The grant first, then the manager gives the same rank by hand: the grant's end leaves it.
    const first = await t.app.createUser();
    await grant(first, rank.trainee, 'trial-1');
    expect(await adminView(first)).toMatchObject({
      manualRanks: [],
      grantedRanks: [{ rank: rank.trainee, source: 'purchase' }],
    });
    expect((await editRanks(first, [rank.trainee])).statusCode).toBe(200);
    expect(await adminView(first)).toMatchObject({
      manualRanks: [rank.trainee],
      grantedRanks: [{ rank: rank.trainee }],
    });
    t.clock.now += 2 * 86_400_000;
    await store().grants.sweep();
    t.clock.now -= 2 * 86_400_000;
    expect(await held(first)).toEqual([rank.trainee]);
    expect(await adminView(first)).toMatchObject({ manualRanks: [rank.trainee], grantedRanks: [] });

    // By hand first, then the grant, then the manager takes the hand-given one away: the grant still holds it, and
    // its end takes it.
    const second = await t.app.createUser();
    expect((await editRanks(second, [rank.trainee])).statusCode).toBe(200);
    await grant(second, rank.trainee, 'trial-2');
    expect((await editRanks(second, [])).json().ranks).toEqual([rank.trainee]);
    expect(await adminView(second)).toMatchObject({
      ranks: [rank.trainee],
      manualRanks: [],
      grantedRanks: [{ rank: rank.trainee, source: 'purchase' }],
    });
    await endGrant(second, 'trial-2');
    expect(await held(second)).toEqual([]);
    expectChained(await history(second), []);
  });

  it("resigning takes the ranks given by hand, not a plan's", async () => {
    const user = await t.app.createUser();
    await t.subscribe(user, 'patron');
    expect((await editRanks(user, [rank.chef])).statusCode).toBe(200);
    const resign = () => t.app.inject({ method: 'POST', url: '/api/client/recruitment/resign', headers: user.auth });
    expect((await resign()).statusCode).toBe(204);
    expect(await held(user)).toEqual([rank.patron]);
    const again = await resign();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You hold no rank given by hand: your ranks from a plan or a grant end with it.');
  });
});
