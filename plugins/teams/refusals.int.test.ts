import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import type { TeamView } from './schemas.ts';
import { STAFF } from './test-helpers.ts';

/**
 * The teams plugin's refusals in the reader's language (issue 44): the API answers with the request's language
 * (Accept-Language here), the same status and error, a team's name as it is; without one, the English words as before.
 */
describe("the teams plugin's refusals in the reader's language", () => {
  let app: TestApp;
  let owner: TestUser;
  let manager: TestUser;
  let customer: TestUser;
  let grill: TeamView;
  let fryer: TeamView;

  const create = (name: string, language?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/client/teams',
      headers: { ...manager.auth, ...(language ? { 'accept-language': language } : {}) },
      payload: { name, icon: '🍔' },
    });
  const join = (team: TeamView, language?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/client/teams/${team._id}/join`,
      headers: { ...customer.auth, ...(language ? { 'accept-language': language } : {}) },
    });
  const teamsList = (language?: string) =>
    app.inject({ method: 'GET', url: '/api/client/teams', headers: language ? { 'accept-language': language } : {} });

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
    manager = await app.createUser({ rankPermissions: [...STAFF, 'MANAGE_TEAMS'] });
    customer = await app.createUser();
    grill = (await create('Grill')).json().team;
    fryer = (await create('Fryer')).json().team;
  });
  afterAll(() => app?.close());

  it('teams switched off: German for a German reader, English without a language asked', async () => {
    expect((await teamsList('de')).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Teams sind ausgeschaltet.',
    });
    expect((await teamsList()).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Teams are switched off.',
    });
  });

  it("joining a second team: French for a French reader, the team's name as it is", async () => {
    const enabled = await app.inject({
      method: 'POST',
      url: '/api/client/settings/teamsEnabled',
      headers: owner.auth,
      payload: { val: true },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await join(grill)).statusCode).toBe(200);
    expect((await join(fryer, 'fr')).json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Vous êtes dans Grill : quittez-la avant de rejoindre une autre équipe.',
    });
    expect((await join(fryer)).json().message).toBe('You are in Grill: leave it before joining another team.');
  });

  it('a name another team has, in Spanish; nothing written', async () => {
    expect((await create('grill', 'es')).json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Ya existe un equipo con este nombre.',
    });
    const listed = (await teamsList()).json().teams as TeamView[];
    expect(listed.map((team) => team.name).sort()).toEqual(['Fryer', 'Grill']);
  });
});
