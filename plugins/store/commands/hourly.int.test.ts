import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_ID,
  commandInteraction,
  createInteractionSigner,
  type InteractionSigner,
} from '../../../tests/stand-ins/discord/interactions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { appServices } from '../../index.ts';
import { HOURLY_INTERVAL_MS } from '../earning-schemas.ts';

/** `/hourly` through signed HTTP interactions: the same service as the site's button, answered ephemerally. */
describe('the /hourly slash command', () => {
  let app: TestApp;
  let signer: InteractionSigner;
  let clock = Date.parse('2026-11-25T12:00:00Z');

  beforeAll(async () => {
    signer = createInteractionSigner();
    app = await createTestApp({
      env: {
        ORDER_SWEEP_INTERVAL_MS: '0',
        DISCORD_PUBLIC_KEY: signer.publicKey,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
      },
      now: () => clock,
    });
  });
  afterAll(() => app?.close());

  async function hourly(
    user: { id: string; username: string },
    locales: { locale?: string; guildLocale?: string } = {},
  ): Promise<{ content: string; ephemeral: boolean }> {
    const payload = JSON.stringify(commandInteraction('hourly', { user, ...locales }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/interactions',
      payload,
      headers: signer.headers(payload, Math.floor(clock / 1000)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { content: string; flags?: number };
    return { content: data.content, ephemeral: ((data.flags ?? 0) & MessageFlags.Ephemeral) !== 0 };
  }

  it('claims the reward, then says how long to wait, both only to the caller', async () => {
    const casey = await app.createUser();
    expect(await hourly({ id: casey.id, username: 'casey' })).toEqual({
      content: 'You claimed your hourly reward: 50 coins. Your balance is 50 coins. Come back in an hour for more!',
      ephemeral: true,
    });
    clock += 20 * 60_000;
    expect(await hourly({ id: casey.id, username: 'casey' })).toEqual({
      content: 'You already claimed your hourly reward. Come back in 40 minutes. Your balance is 50 coins.',
      ephemeral: true,
    });
    clock += HOURLY_INTERVAL_MS;
    expect(await hourly({ id: casey.id, username: 'casey' })).toEqual({
      content: 'You claimed your hourly reward: 50 coins. Your balance is 100 coins. Come back in an hour for more!',
      ephemeral: true,
    });
    // The site's claim and the command share the clock of the last claim.
    const site = await app.inject({ method: 'POST', url: '/api/client/users/hourly', headers: casey.auth });
    expect(site.statusCode).toBe(429);
    expect(await appServices(app.server.ctx).store.coins.balance(casey.id)).toBe(100);
  });

  it('asks someone without a site account to sign in first, and refuses a banned user with the ban text', async () => {
    expect(await hourly({ id: '1999999999999999991', username: 'stranger' })).toEqual({
      content: 'Sign in on the website first, so your coins have somewhere to go.',
      ephemeral: true,
    });
    const blake = await app.createUser({ ban: { reason: 'Troll orders' } });
    const answer = await hourly({ id: blake.id, username: 'blake' });
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toBe(
      'You are currently banned from this website for the following reason: Troll orders This ban is permanent.',
    );
    expect((await hourly({ id: blake.id, username: 'blake' }, { locale: 'pt-BR' })).content).toBe(
      'Você está banido deste site no momento pelo seguinte motivo: Troll orders Este banimento é permanente.',
    );
    expect(await appServices(app.server.ctx).store.coins.balance(blake.id)).toBe(0);
  });

  it("answers in the caller's language, else the server's, else English, with numbers as that language writes them", async () => {
    const camille = await app.createUser();
    const { coins } = appServices(app.server.ctx).store;
    await coins.credit({ userId: camille.id, amount: 1_200, kind: 'ADMIN', reference: 'admin:i18n-1' });
    expect((await hourly({ id: camille.id, username: 'camille' }, { locale: 'fr' })).content).toBe(
      'Vous avez récupéré votre récompense horaire : 50 pièces. Votre solde est de 1\u202f250 pièces. Revenez dans une heure pour en avoir plus !',
    );
    clock += 59 * 60_000;
    // A Japanese client in a German server: German; a minute to go is one minute, in the singular.
    expect((await hourly({ id: camille.id, username: 'camille' }, { locale: 'ja', guildLocale: 'de' })).content).toBe(
      'Du hast deine stündliche Belohnung schon abgeholt. Komm in 1 Minute wieder. Dein Guthaben beträgt 1.250 Münzen.',
    );
    expect((await hourly({ id: camille.id, username: 'camille' }, { locale: 'ja' })).content).toBe(
      'You already claimed your hourly reward. Come back in 1 minute. Your balance is 1,250 coins.',
    );
    expect(
      (await hourly({ id: camille.id, username: 'camille' }, { locale: 'pt-BR', guildLocale: 'de' })).content,
    ).toBe('Você já resgatou sua recompensa por hora. Volte em 1 minuto. Seu saldo é de 1.250 moedas.');
    clock += HOURLY_INTERVAL_MS;
  });
});
