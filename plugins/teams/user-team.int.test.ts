import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import type { TeamView } from './schemas.ts';
import { STAFF } from './test-helpers.ts';

const MANAGER: Permission[] = [...STAFF, 'MANAGE_TEAMS', 'MANAGE_USERS'];

/** §3 "User: … rank, team, …": the three calls that answer user objects carry the team's id, null when none. */
describe('user objects carry their team', () => {
  let app: TestApp;
  let manager: TestUser;
  let owner: TestUser;
  let team: TeamView;
  let member: TestUser;
  let teamless: TestUser;

  const setEnabled = async (val: boolean) =>
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/client/settings/teamsEnabled',
          headers: owner.auth,
          payload: { val },
        })
      ).statusCode,
    ).toBe(200);
  const me = async (user: TestUser) =>
    (await app.inject({ method: 'GET', url: '/api/v3/users/@me', headers: user.auth })).json().user;
  const one = async (id: string, viewer?: TestUser) =>
    (await app.inject({ method: 'GET', url: `/api/v3/users/${id}`, headers: viewer?.auth })).json().user;
  const listed = async (id: string, viewer: TestUser) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client/admin/users',
      headers: viewer.auth,
      payload: { filter: { search: id } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().users as { id: string; team: string | null }[]).find((u) => u.id === id)!;
  };
  const move = (userID: string, teamID: string | null) =>
    app.inject({
      method: 'PATCH',
      url: '/api/client/teams/update-user-team',
      headers: manager.auth,
      payload: { userID, teamID },
    });

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    manager = await app.createUser({ rankPermissions: MANAGER });
    await setEnabled(true);
    team = (
      await app.inject({
        method: 'POST',
        url: '/api/client/teams',
        headers: manager.auth,
        payload: { name: 'Carriers', icon: '📦' },
      })
    ).json().team;
    member = await app.createUser({ rankPermissions: [...STAFF], rankPosition: 1 });
    teamless = await app.createUser();
    expect((await move(member.id, team._id)).statusCode).toBe(200);
  });
  afterAll(() => app?.close());

  it("GET /api/v3/users/@me, /api/v3/users/{id} and the admin user list: the team's id, or null", async () => {
    expect((await me(member)).team).toBe(team._id);
    expect((await me(teamless)).team).toBeNull();
    expect((await one(member.id)).team).toBe(team._id);
    expect((await one(teamless.id, member)).team).toBeNull();
    expect((await listed(member.id, manager)).team).toBe(team._id);
    expect((await listed(teamless.id, manager)).team).toBeNull();
  });

  it('follows a move at once, @me included (its answer is kept per session)', async () => {
    expect((await me(member)).team).toBe(team._id);
    expect((await move(member.id, null)).statusCode).toBe(200);
    expect((await me(member)).team).toBeNull();
    expect((await one(member.id)).team).toBeNull();
    expect((await move(member.id, team._id)).statusCode).toBe(200);
    expect((await me(member)).team).toBe(team._id);
  });

  it("follows the team's deletion", async () => {
    const doomed = (
      await app.inject({
        method: 'POST',
        url: '/api/client/teams',
        headers: manager.auth,
        payload: { name: 'Doomed', icon: '💥' },
      })
    ).json().team as TeamView;
    const user = await app.createUser({ rankPermissions: [...STAFF], rankPosition: 2 });
    expect((await move(user.id, doomed._id)).statusCode).toBe(200);
    expect((await me(user)).team).toBe(doomed._id);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/client/teams/${doomed._id}`, headers: manager.auth }))
        .statusCode,
    ).toBe(200);
    expect((await me(user)).team).toBeNull();
  });

  it('teamsEnabled off: null for whoever does not see teams; a team manager still sees it', async () => {
    await setEnabled(false);
    try {
      expect((await me(member)).team).toBeNull();
      expect((await one(member.id)).team).toBeNull();
      expect((await one(member.id, manager)).team).toBe(team._id);
      expect((await listed(member.id, manager)).team).toBe(team._id);
    } finally {
      await setEnabled(true);
    }
    expect((await me(member)).team).toBe(team._id);
  });
});
