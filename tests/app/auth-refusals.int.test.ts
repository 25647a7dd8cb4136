import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCanGrantPermissions } from '../../core/auth/escalation.ts';
import { requireAuth, requirePermissions } from '../../core/auth/guards.ts';
import { SESSION_COOKIE } from '../../core/auth/sessions.ts';
import { DomainError } from '../../core/errors.ts';
import { definePlugin } from '../../core/plugin.ts';
import { toBits } from '../../core/shared/permissions.ts';
import { plugins } from '../../plugins/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Routes behind core's guards and rank rules, to hear how the kernel refuses. */
const probe = definePlugin({
  name: 'probe',
  routes(app) {
    app.get('/api/test/signed-in', { onRequest: requireAuth() }, async () => ({ ok: true }));
    app.get('/api/test/staff', { onRequest: requirePermissions({ all: ['VIEW_STAFF_DASHBOARD'] }) }, async () => ({
      ok: true,
    }));
    app.post('/api/test/grant', { onRequest: requireAuth() }, async (request) => {
      assertCanGrantPermissions(request.user!, toBits(['MANAGE_USERS']));
      return { ok: true };
    });
  },
});

describe("the kernel's refusals in the reader's language (core.auth)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ plugins: [...plugins, probe] });
  });
  afterAll(() => app.close());

  const refusal = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });

  it('the guard asks an anonymous caller to sign in, in German for a German request and in English without one', async () => {
    const german = await app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: { 'accept-language': 'de' },
    });
    expect(refusal(german)).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Dafür musst du dich anmelden.' },
    });
    const english = await app.inject({ method: 'GET', url: '/api/test/signed-in' });
    expect(refusal(english)).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'You need to sign in to do that.' },
    });
  });

  it('the permission guard and the rank rules refuse in French', async () => {
    const user = await app.createUser();
    const headers = { ...user.auth, 'accept-language': 'fr-CA,fr;q=0.9' };
    expect(refusal(await app.inject({ method: 'GET', url: '/api/test/staff', headers }))).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Vous n’avez pas les autorisations nécessaires pour faire cela.',
      },
    });
    expect(refusal(await app.inject({ method: 'POST', url: '/api/test/grant', headers }))).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Vous ne pouvez pas accorder des autorisations que vous n’avez pas.',
      },
    });
  });

  it('an unknown token and a cross-site cookie are refused in Spanish and Portuguese', async () => {
    const forged = await app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: { authorization: 'Bearer forged-token-forged-token', 'accept-language': 'es-419' },
    });
    expect(refusal(forged)).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Tu sesión no es válida o ha caducado.' },
    });
    const user = await app.createUser();
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/test/grant',
      cookies: { [SESSION_COOKIE]: user.token },
      headers: { 'sec-fetch-site': 'cross-site', 'accept-language': 'pt-BR' },
    });
    expect(refusal(crossSite)).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Solicitação de outra origem recusada.' },
    });
  });

  it('erasing an unknown user is refused with the kernel’s words in every language', async () => {
    const error = await app.server.ctx.personalData.erase('1999999999999999999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'not_found', message: 'User not found' });
    expect((error as DomainError).inLocale?.('de')).toBe('Person nicht gefunden');
  });
});
