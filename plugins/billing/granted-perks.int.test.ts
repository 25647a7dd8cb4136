import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import type { TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { type BillingTestApp, startBillingTestApp } from './testing.ts';

const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'];

/**
 * Perks a plan (or any grant) gives are held by their grants, apart from the perks a user manager sets by hand: a
 * manager's edit never takes a plan's perk, a grant's end never takes a perk given by hand. On PostgreSQL too.
 */
describe('granted perks and the user manager', () => {
  let t: BillingTestApp;
  let manager: TestUser;
  beforeAll(async () => {
    t = await startBillingTestApp();
    manager = await t.app.createUser({ rankPermissions: MANAGER, rankPosition: 9000 });
  });
  afterAll(() => t?.close());

  const store = () => appServices(t.app.server.ctx).store;
  const editPerks = (user: TestUser, perks: string[]) =>
    t.app.inject({ method: 'PATCH', url: `/api/client/users/${user.id}`, headers: manager.auth, payload: { perks } });
  const ownPerks = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: user.auth });
    return [...(res.json().user.perks as string[])].sort();
  };
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
  /** A timed purchase-like grant of a perk, as the store gives one. */
  const grant = (user: TestUser, perk: string, sourceRef: string) =>
    t.app.db.orm.em.fork().transactional((em) =>
      store().grants.grantIn(em, {
        userId: user.id,
        kind: 'perk',
        value: perk,
        source: 'purchase',
        sourceRef,
        endsAt: new Date(t.clock.now + 86_400_000),
      }),
    );
  const endGrant = async (user: TestUser, sourceRef: string) => {
    await t.app.db.orm.em
      .fork()
      .transactional((em) => store().grants.endIn(em, { userId: user.id, source: 'purchase', sourceRef }));
    store().grants.announce(user.id);
  };

  it("a manager's perk edit keeps the plan's SUPPORTER, through every converge and webhook, until the plan ends", async () => {
    const user = await t.app.createUser();
    const subId = await t.subscribe(user);
    expect(await ownPerks(user)).toEqual(['SUPPORTER']);

    const edited = await editPerks(user, ['FEEDBACK_BETA']);
    expect(edited.statusCode, edited.body).toBe(200);
    expect([...edited.json().user.perks].sort()).toEqual(['FEEDBACK_BETA', 'SUPPORTER']);
    expect(await ownPerks(user)).toEqual(['FEEDBACK_BETA', 'SUPPORTER']);

    // The user manager's view says which perks are set by hand and which a plan holds (with the plan's name).
    const view = await adminView(user);
    expect([...view.perks].sort()).toEqual(['FEEDBACK_BETA', 'SUPPORTER']);
    expect(view).toMatchObject({
      manualPerks: ['FEEDBACK_BETA'],
      grantedPerks: [{ perk: 'SUPPORTER', source: 'subscription', sourceName: 'Supporter', endsAt: null }],
    });

    // Emptying the hand-set perks leaves the plan's.
    expect((await editPerks(user, [])).statusCode).toBe(200);
    expect(await ownPerks(user)).toEqual(['SUPPORTER']);
    await t.stripe.renew(subId);
    await t.stripe.idle();
    expect(await ownPerks(user)).toEqual(['SUPPORTER']);

    // The plan's end takes its perk, and only it.
    expect((await editPerks(user, ['DELIVERY_MESSAGE_BETA'])).statusCode).toBe(200);
    await t.stripe.endPeriod(subId);
    await t.stripe.idle();
    expect(await ownPerks(user)).toEqual(['DELIVERY_MESSAGE_BETA']);
    expect(await adminView(user)).toMatchObject({ manualPerks: ['DELIVERY_MESSAGE_BETA'], grantedPerks: [] });
  });

  it('a perk given by hand outlives a grant of the same perk, whichever came first', async () => {
    // The grant first, then the manager gives the same perk by hand: the grant's end leaves it.
    const first = await t.app.createUser();
    await grant(first, 'FEEDBACK_BETA', 'first-pass');
    expect((await editPerks(first, ['FEEDBACK_BETA'])).statusCode).toBe(200);
    await endGrant(first, 'first-pass');
    expect(await ownPerks(first)).toEqual(['FEEDBACK_BETA']);

    // By hand first, then the grant, then the manager takes the hand-given one away: the grant still holds it, and
    // its end takes it.
    const second = await t.app.createUser({ perks: ['FEEDBACK_BETA'] });
    await grant(second, 'FEEDBACK_BETA', 'second-pass');
    expect((await editPerks(second, [])).statusCode).toBe(200);
    expect(await ownPerks(second)).toEqual(['FEEDBACK_BETA']);
    expect(await adminView(second)).toMatchObject({
      perks: ['FEEDBACK_BETA'],
      manualPerks: [],
      grantedPerks: [{ perk: 'FEEDBACK_BETA', source: 'purchase' }],
    });
    await endGrant(second, 'second-pass');
    expect(await ownPerks(second)).toEqual([]);
  });
});
