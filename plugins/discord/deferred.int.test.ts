import { setTimeout as sleep } from 'node:timers/promises';
import { InteractionResponseType } from 'discord-api-types/v10';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCommand } from '../../core/commands.ts';
import { definePlugin } from '../../core/plugin.ts';
import { plugins } from '../index.ts';
import { APPLICATION_ID, commandInteraction, createInteractionSigner, type InteractionSigner } from '../../tests/stand-ins/discord/interactions.ts';
import { startDiscordStandIn, type DiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { DEFER_AFTER_MS } from './respond.ts';

/** A command slower than Discord's 3 seconds allow: it sleeps past the defer threshold, then answers. */
const slow = defineCommand({
  data: { name: 'slow', description: 'Takes its time' },
  guard: null,
  options: z.object({ private: z.boolean().default(false) }),
  async handler(ctx) {
    await sleep(DEFER_AFTER_MS + 300);
    await ctx.reply({ content: ctx.options.private ? 'Only for you' : 'For everyone', ephemeral: ctx.options.private });
  },
});
const slowPlugin = definePlugin({ name: 'slow', commands: [slow] });

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
      env: { DISCORD_PUBLIC_KEY: signer.publicKey, DISCORD_TOKEN: discord.botToken, DISCORD_API_URL: discord.apiUrl, DISCORD_APPLICATION_ID: APPLICATION_ID },
    });
  });
  afterAll(async () => {
    await app?.close();
    await discord?.close();
  });

  async function send(isPrivate: boolean) {
    const interaction = commandInteraction('slow', { user: { id: '500000000000088001', username: 'patient' }, options: [{ name: 'private', type: 5, value: isPrivate }] as never });
    const payload = JSON.stringify(interaction);
    const started = Date.now();
    const res = await app.inject({ method: 'POST', url: '/api/interactions', payload, headers: signer.headers(payload) });
    return { res, token: interaction.token, ms: Date.now() - started };
  }

  const until = async <T>(what: () => T | undefined) => {
    for (let i = 0; i < 200; i++) {
      const value = what();
      if (value) return value;
      await sleep(25);
    }
    throw new Error('timed out');
  };

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
