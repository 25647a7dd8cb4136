import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, expectMatrixRow } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { DEFAULT_DELIVERY_MESSAGE } from '../users/schemas.ts';

/** GET /api/client/orders/:id/delivery-default: what the deliver dialog previews, in the language the bot posts in. */
describe("an order's default delivery words", () => {
  let app: TestApp;
  const services = () => appServices(app.server.ctx);
  /** An order in this server's channel (null: no channel, so the delivery goes to the customer's DMs). */
  const orderIn = async (guildId: string | null) =>
    services().orders.orders.createOrder({
      customerId: (await app.createUser()).id,
      item: 'Croque-monsieur',
      ...(guildId ? { guildId, channelId: '700000000000000901' } : {}),
    });
  const ask = async (ref: string) => {
    const kitchen = await app.createUser({ rankPermissions: ['MANAGE_ORDERS'] });
    return app.inject({ method: 'GET', url: `/api/client/orders/${ref}/delivery-default`, headers: kitchen.auth });
  };

  beforeAll(async () => {
    // No bot configured: the dialog asks all the same (the answer is what the bot would post once it is).
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  type Who = 'anonymous' | 'customer' | 'backlogReader' | 'banned' | 'kitchen' | 'superAdmin';
  const callers: Callers<Who> = {
    anonymous: async () => undefined,
    customer: () => app.createUser(),
    backlogReader: () => app.createUser({ rankPermissions: ['VIEW_BACKLOG'] }),
    banned: () => app.createUser({ rankPermissions: ['MANAGE_ORDERS'], ban: { reason: 'Troll orders' } }),
    kitchen: () => app.createUser({ rankPermissions: ['MANAGE_ORDERS'] }),
    superAdmin: () => app.createUser({ rankPermissions: ['SUPER_ADMIN'] }),
  };

  it('answers whoever may deliver (MANAGE_ORDERS), and nobody else', async () => {
    await expectMatrixRow(app, callers, {
      request: async () => ({
        method: 'GET',
        url: `/api/client/orders/${(await orderIn('800000000000000901')).id}/delivery-default`,
      }),
      expect: { anonymous: 401, customer: 403, backlogReader: 403, banned: 403, kitchen: 200, superAdmin: 200 },
    });
  });

  it("is in the server's language, as Discord last said it, for an order in its channel", async () => {
    const french = '800000000000000902';
    await services().discord.guilds.heard(french, 'fr');
    const order = await orderIn(french);
    const answer = await ask(order.orderID);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      locale: 'fr',
      message:
        'Voici votre commande, {customer} : {item} ! Préparée par {chef} et livrée par {driver}. Bon appétit ! (Commande {orderID})',
      theKitchen: 'la cuisine',
    });
    // By its snowflake as well as its orderID.
    expect((await ask(order.id)).json()).toMatchObject({ locale: 'fr' });
  });

  it('is English for a server never heard of and one whose language the diner does not speak', async () => {
    const english = { locale: 'en', message: DEFAULT_DELIVERY_MESSAGE, theKitchen: 'the kitchen' };
    expect((await ask((await orderIn('800000000000000903')).id)).json()).toEqual(english);
    await services().discord.guilds.heard('800000000000000904', 'ja');
    expect((await ask((await orderIn('800000000000000904')).id)).json()).toEqual(english);
  });

  it("is in the customer's language for an order with no channel (the bot DMs it), English when unknown", async () => {
    const order = await orderIn(null);
    expect((await ask(order.id)).json()).toMatchObject({ locale: 'en', theKitchen: 'the kitchen' });
    await services().discord.messages.track(order.id, {
      applicationId: '900000000000000001',
      token: 'interaction-token',
      channelId: null,
      locale: 'de',
    });
    expect((await ask(order.id)).json()).toMatchObject({ locale: 'de', theKitchen: 'unserer Küche' });
  });

  it('is a 404 for no such order and a 400 in the error shape for what is not an order reference', async () => {
    const missing = await ask('1234567890123456789');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: expect.any(String), message: 'Order not found' });
    const bad = await ask('not-an-order');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: expect.any(String), issues: expect.any(Array) });
  });
});
