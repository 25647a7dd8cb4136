import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { RankSchema } from './entities.ts';

/**
 * The ranks plugin's refusals in the reader's language (issue 44): the API answers with the request's language
 * (Accept-Language here), the same status and error, a position as a plain number; without one, the English words.
 */
describe("the ranks plugin's refusals in the reader's language", () => {
  let app: TestApp;
  let owner: TestUser;

  const getRank = (id: string, language?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/client/ranks/${id}`,
      headers: language ? { 'accept-language': language } : {},
    });
  const createRank = (name: string, position: number, language?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/client/ranks',
      headers: { ...owner.auth, ...(language ? { 'accept-language': language } : {}) },
      payload: { name, position },
    });

  beforeAll(async () => {
    app = await createTestApp();
    owner = await app.createUser({ permissions: ['SUPER_ADMIN'] });
  });
  afterAll(() => app?.close());

  it('an unknown rank: Brazilian Portuguese for a Brazilian reader, English without a language asked', async () => {
    const id = newId();
    expect((await getRank(id, 'pt-BR')).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Cargo não encontrado',
    });
    expect((await getRank(id)).json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Rank not found' });
  });

  it('a position another rank holds, in French with the position as given; nothing written', async () => {
    expect((await createRank('Line cook', 7)).statusCode).toBe(200);
    const before = await app.db.orm.em.fork().count(RankSchema, {});
    expect((await createRank('Clash', 7, 'fr')).json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'La position 7 est déjà prise par un autre rang.',
    });
    expect((await createRank('Clash', 7)).json().message).toBe('Position 7 is already taken by another rank.');
    expect(await app.db.orm.em.fork().count(RankSchema, {})).toBe(before);
  });
});
