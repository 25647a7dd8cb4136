import { InteractionResponseType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandInteraction,
  createInteractionSigner,
  type InteractionSigner,
} from '../../tests/stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { slowPlugin } from '../../tests/stand-ins/discord/slow-command.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { until } from '../../tests/support/until.ts';
import { plugins } from '../index.ts';
import { botEnv } from './test-helpers.ts';

describe('a command slower than Discord waits', () => {
  let discord: DiscordStandIn;
  let signer: InteractionSigner;
  let app: TestApp;
  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'defer-token' });
    signer = createInteractionSigner();
    const list = [...plugins.slice(0, -1), slowPlugin, plugins.at(-1)!];
    app = await createTestApp({
      plugins: list,
      env: {
        DISCORD_PUBLIC_KEY: signer.publicKey,
        ...botEnv(discord),
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  async function send(isPrivate: boolean) {
    const interaction = commandInteraction('slow', {
      user: { id: '500000000000088001', username: 'patient' },
      options: [{ name: 'private', type: 5, value: isPrivate }] as never,
    });
    const payload = JSON.stringify(interaction);
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/interactions',
      payload,
      headers: signer.headers(payload),
    });
    return { res, token: interaction.token, ms: Date.now() - started };
  }

  it('is answered "thinking" within the limit; a public reply then replaces it', async () => {
    const { res, token, ms } = await send(false);
    expect(res.json()).toEqual({ type: InteractionResponseType.DeferredChannelMessageWithSource });
    expect(ms).toBeLessThan(3000);
    const original = await until(() => discord.bot.originals.get(token));
    expect(original.content).toBe('For everyone');
  });

  it('a reply for the caller only deletes the "thinking" message and comes as an ephemeral follow-up', async () => {
    const { res, token } = await send(true);
    expect(res.json().type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    const [followUp] = await until(() => discord.bot.followUps.get(token));
    expect(followUp).toMatchObject({ content: 'Only for you', flags: 64 });
    expect(discord.bot.deletedOriginals.has(token)).toBe(true);
  });
});
