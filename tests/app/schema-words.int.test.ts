import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * A schema's own messages in the reader's language (issue 44): a body or path a route's schema refuses with a message
 * of its own (a key in its plugin's catalogue, core/shared/schema-words.ts) answers 400 in the request's language,
 * the same status and error; without a language asked, the English as before. One representative message of each
 * plugin, and an image URL's problem (core's link rule, in the orders and store plugins' words).
 */
describe("a schema's own messages in the reader's language", () => {
  let app: TestApp;
  let admin: TestUser;
  const ID = '1100000000000000001';

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
    admin = await app.createUser({ permissions: ['SUPER_ADMIN'] });
  });
  afterAll(() => app?.close());

  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, language?: string) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...admin.auth, ...(language ? { 'accept-language': language } : {}) },
      ...(payload ? { payload } : {}),
    });
    return response.json() as { statusCode: number; error: string; message: string };
  };

  const cases: {
    plugin: string;
    method: 'POST' | 'PATCH' | 'DELETE';
    url: () => string;
    payload?: object;
    english: string;
    language: string;
    translated: string;
  }[] = [
    {
      plugin: 'onleave',
      method: 'POST',
      url: () => `/api/client/onleave/requests/${ID}/update-status`,
      payload: { status: 'APPROVED', note: ' ' },
      english: 'Invalid body.note: A note is required.',
      language: 'fr',
      translated: 'body.note invalide : Une note est requise.',
    },
    {
      plugin: 'teams',
      method: 'POST',
      url: () => '/api/client/teams',
      payload: { name: 'Grill', icon: '🍔', colour: 'red' },
      english: 'Invalid body.colour: A colour is #rrggbb.',
      language: 'de',
      translated: 'Ungültiges body.colour: Eine Farbe hat die Form #rrggbb.',
    },
    {
      plugin: 'users',
      method: 'PATCH',
      url: () => `/api/client/users/${admin.id}`,
      payload: {},
      english: 'Nothing to change',
      language: 'es',
      translated: 'Nada que cambiar',
    },
    {
      plugin: 'orders',
      method: 'POST',
      url: () => `/api/client/orders/${ID}/prepare`,
      payload: { images: [] },
      english: 'Invalid body.images: Add at least one image.',
      language: 'pt-BR',
      translated: 'body.images inválido: Adicione pelo menos uma imagem.',
    },
    {
      plugin: 'objectives',
      method: 'POST',
      url: () => '/api/client/objectives/',
      payload: {
        title: 'Burgers',
        scope: 'global',
        type: 'ORDER_TARGET_TOTAL',
        target: 0,
        reward: { type: 'VD_CURRENCY', amount: 5 },
      },
      english: 'Invalid body.target: The target is at least 1 order.',
      language: 'fr',
      translated: 'body.target invalide : L’objectif est d’au moins 1 commande.',
    },
    {
      plugin: 'ranks',
      method: 'POST',
      url: () => '/api/client/ranks',
      payload: { name: 'Chef', colour: 'blue' },
      english: 'Invalid body.colour: Colour must be #rrggbb',
      language: 'de',
      translated: 'Ungültiges body.colour: Die Farbe muss die Form #rrggbb haben',
    },
    {
      plugin: 'settings',
      method: 'POST',
      url: () => '/api/client/settings/rankAnnouncementChannel',
      payload: { val: 'general' },
      english: 'Channel ID is not a Discord channel ID',
      language: 'fr',
      translated: 'L’identifiant de salon n’est pas un identifiant de salon Discord',
    },
    {
      plugin: 'billing',
      method: 'POST',
      url: () => '/api/client/stripe/subscriptions/create',
      payload: { subscriptionID: '' },
      english: 'Invalid body.subscriptionID: Choose a plan.',
      language: 'es',
      translated: 'body.subscriptionID no válido: Elige un plan.',
    },
    {
      plugin: 'delivery-messages',
      method: 'POST',
      url: () => '/api/client/delivery-messages',
      payload: { title: 'Thanks', slug: 'edit', message: 'Enjoy, {customer}!' },
      english: 'This slug is the name of a page: choose another.',
      language: 'fr',
      translated: 'Cet identifiant est le nom d’une page : choisissez-en un autre.',
    },
    {
      plugin: 'statistics',
      method: 'DELETE',
      url: () => '/api/client/statistics/management/last-week',
      english: 'Invalid params.id: A statistics ID is <user ID>-<day|week|month>-<YYYY-MM-DD>',
      language: 'fr',
      translated:
        'params.id invalide : Un identifiant de statistiques s’écrit <ID utilisateur>-<day|week|month>-<AAAA-MM-JJ>',
    },
    {
      plugin: 'appeals',
      method: 'POST',
      url: () => '/api/client/appeal',
      payload: {
        whyBanned: 'I was wrongly banned.'.repeat(2),
        whyLift: 'I will follow the rules.',
        anythingElse: 'Hi',
      },
      english: 'Write at least 20 characters, or leave it empty',
      language: 'de',
      translated: 'Schreib mindestens 20 Zeichen oder lass es leer',
    },
    {
      plugin: 'reports',
      method: 'POST',
      url: () => `/api/client/report/orders/${ID}/completed`,
      payload: { outcome: 'ok' },
      english: 'Invalid body.outcome: Say what was done, in at least 3 characters.',
      language: 'fr',
      translated: 'body.outcome invalide : Dites ce qui a été fait, en au moins 3 caractères.',
    },
    {
      plugin: 'store',
      method: 'POST',
      url: () => `/api/client/admin/users/${admin.id}/coins`,
      payload: { amount: 0, reason: 'A gift' },
      english: 'The amount cannot be 0.',
      language: 'es',
      translated: 'La cantidad no puede ser 0.',
    },
    {
      plugin: 'recruitment',
      method: 'POST',
      url: () => '/api/client/recruitment/forms',
      payload: { title: 'Cooks', questions: [] },
      english: 'Invalid body.questions: A form asks at least one question.',
      language: 'fr',
      translated: 'body.questions invalide : Un formulaire pose au moins une question.',
    },
  ];

  it.each(cases)('$plugin: in the language asked, English without one', async (c) => {
    const translated = await send(c.method, c.url(), c.payload, c.language);
    expect(translated).toMatchObject({ statusCode: 400, error: 'Bad Request', message: c.translated });
    const english = await send(c.method, c.url(), c.payload);
    expect(english).toMatchObject({ statusCode: 400, error: 'Bad Request', message: c.english });
  });

  it("a name's rule: the sentence core's, the field's name its plugin's", async () => {
    const payload = { name: 'G', icon: '🍔' };
    expect(await send('POST', '/api/client/teams', payload, 'fr')).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body.name invalide : Un nom d’équipe fait au moins 2 caractères.',
    });
    expect((await send('POST', '/api/client/teams', payload)).message).toBe(
      'Invalid body.name: A team name is at least 2 characters.',
    );
  });

  it("an image URL's problem: the orders plugin's words, what the host is in core's", async () => {
    const payload = { name: 'Fries', images: ['https://127.0.0.1/fries.png'] };
    const url = '/api/client/orders/food-lookup/items';
    expect(await send('POST', url, payload, 'fr')).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Les URL d’images doivent pointer vers un hôte public : 127.0.0.1 est une adresse de bouclage.',
    });
    expect(await send('POST', url, payload)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Image URLs must point at a public host: 127.0.0.1 is a loopback address.',
    });
  });

  it("a store item's picture: the store plugin's words", async () => {
    const payload = { name: 'Hat', price: 10, grant: { kind: 'custom' }, picture: 'http://example.com/hat.png' };
    expect(await send('POST', '/api/client/store/items', payload, 'de')).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Ungültiges body.picture: Ein Bild muss https verwenden (http: ist nicht erlaubt).',
    });
    expect((await send('POST', '/api/client/store/items', payload)).message).toBe(
      'Invalid body.picture: A picture must use https (http: is not allowed).',
    );
  });
});
