import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../core/i18n/locales.ts';
import { newId } from '../../core/ids.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { deleteConfirmationMismatch } from './schemas.ts';

/**
 * The users plugin's refusals in the reader's language (issue 44): the API answers with the request's language
 * (Accept-Language here), the same status and error; without one, the English words as before.
 */
describe("the users plugin's refusals in the reader's language", () => {
  let app: TestApp;
  let user: TestUser;
  let manager: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    user = await app.createUser({ username: 'refusal_casey' });
    manager = await app.createUser({ rankPermissions: ['VIEW_STAFF_DASHBOARD', 'MANAGE_USERS'] });
    customer = await app.createUser();
  });
  afterAll(() => app?.close());

  const deleteAccount = (language?: string) =>
    app.inject({
      method: 'DELETE',
      url: '/api/client/users/@me',
      headers: { ...user.auth, ...(language ? { 'accept-language': language } : {}) },
      payload: { username: 'someone_else' },
    });

  it("a mistyped confirmation of a deletion: French for a French reader, the user's name as it is", async () => {
    const res = await deleteAccount('fr');
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Saisissez exactement votre nom d’utilisateur, refusal_casey, pour supprimer votre compte.',
    });
  });

  it("in English without a language asked, in the delete dialog's words", async () => {
    const res = await deleteAccount();
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Type your username, refusal_casey, exactly to delete your account.',
    });
    expect(res.json().message).toBe(deleteConfirmationMismatch('refusal_casey'));
  });

  it('an unknown user, in German', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v3/users/${newId()}`,
      headers: { 'accept-language': 'de' },
    });
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Benutzer nicht gefunden' });
  });

  it('a ban that would end in the past, in Brazilian Portuguese; nothing written', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/client/admin/users/${customer.id}/ban`,
      headers: { ...manager.auth, 'accept-language': 'pt-BR' },
      payload: { reason: 'Spam', expires: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Um banimento deve expirar no futuro.',
    });
    const ban = await app.inject({
      method: 'GET',
      url: `/api/client/admin/users/${customer.id}/ban`,
      headers: manager.auth,
    });
    expect(ban.json()).toMatchObject({ ban: null });
  });

  it("Discord's callback where Discord sign-in is not set up: in the language the site's cookie chose", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client/authenticate',
      headers: { cookie: `${LOCALE_COOKIE}=fr`, 'accept-language': 'de' },
      payload: { code: 'code', state: 'state' },
    });
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'La connexion avec Discord n’est pas configurée',
    });
  });

  it('the dev sign-in as someone who is not a demo user, in Spanish', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/client/dev/sign-in',
      headers: { 'accept-language': 'es' },
      payload: { userId: customer.id },
    });
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No es un usuario de demostración' });
  });
});
