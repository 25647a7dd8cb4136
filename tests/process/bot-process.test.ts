import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIEmbed } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../core/db/orm.ts';
import { APPLICATION_ID, commandInteraction } from '../stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../stand-ins/discord/server.ts';
import { GatewayTestClient } from '../support/gateway-client.ts';
import { appEnv, ROOT, startServer } from '../support/spawn-server.ts';
import { until } from '../support/until.ts';

/** The bot as an operator runs it: in the web process (`npm start`), and as its own sharded process (`npm run bot`). */
describe('the bot process', () => {
  let discord: DiscordStandIn;
  let dataDir: string;
  beforeAll(async () => {
    discord = await startDiscordStandIn({ botToken: 'process-bot-token', applicationId: APPLICATION_ID, shards: 2 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'vd-bot-'));
  });
  afterAll(async () => {
    await discord?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const discordEnv = () => ({
    DISCORD_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
  });

  async function orderThroughGateway(shardId: number, output: () => string): Promise<string> {
    const interaction = commandInteraction('order', {
      user: { id: `5000000000000${70000 + shardId}0`, username: `shard${shardId}` },
      options: { item: 'Sharded fries' },
    });
    discord.gateway.dispatch('INTERACTION_CREATE', interaction, shardId);
    const reply = await until(() => discord.bot.originals.get(interaction.token), 20_000, output);
    return (reply.embeds[0] as APIEmbed).fields!.find((f) => f.name === 'Order ID')!.value;
  }

  // A ceiling, not a wait: a whole web process on a new embedded database, then the gateway and an order, take
  // about 15 s here alone and went past 20 s once on a busy machine.
  it('`npm start` with DISCORD_TOKEN runs the gateway client in-process', { timeout: 60_000 }, async () => {
    const server = await startServer({ ...appEnv(dataDir), ...discordEnv(), ORDER_SWEEP_INTERVAL_MS: '0' });
    try {
      await until(() => discord.gateway.sessions.size === 1 || undefined, 20_000, server.output);
      // One connection whatever Discord recommends: in-process is the one-shard setup.
      expect([...discord.gateway.sessions][0]!.shard).toEqual([0, 1]);
      expect(await orderThroughGateway(0, server.output)).toMatch(/^[A-Z2-9]{6}$/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    await until(() => discord.gateway.sessions.size === 0 || undefined, 20_000);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "`npm run bot` spawns the shards Discord recommends, each answering its interactions; their orders reach a web process's gateway (PostgreSQL)",
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `vd_bot_${randomBytes(6).toString('hex')}`;
      const admin = await openDatabase({ url: adminUrl, embeddedPath: 'memory://', entities: [] });
      await admin.em.fork().execute(`create database "${name}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // A web process on the same database (it migrates and seeds), with a chef's socket on its live gateway.
      const web = await startServer({ ...appEnv(dataDir), DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' });
      const signIn = await fetch(`${web.url}/api/client/dev/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ userId: '1100000000000000002' }),
      });
      const chef = await GatewayTestClient.identified(
        web.url,
        ((await signIn.json()) as { sessionToken: string }).sessionToken,
      );
      const child = spawn(process.execPath, ['bot/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...appEnv(dataDir), ...discordEnv(), DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await until(
          () => discord.gateway.sessions.size === 2 || undefined,
          60_000,
          () => output,
        );
        expect([...discord.gateway.sessions].map((s) => s.shard[0]).sort()).toEqual([0, 1]);
        const first = await orderThroughGateway(0, () => output);
        const second = await orderThroughGateway(1, () => output);
        expect([first, second]).toEqual([
          expect.stringMatching(/^[A-Z2-9]{6}$/),
          expect.stringMatching(/^[A-Z2-9]{6}$/),
        ]);
        // LISTEN/NOTIFY carried both orders from the bot's shards to the web process's sockets.
        for (const orderID of [first, second]) {
          const sent = await chef.next(
            (m) => m.t === 'orderSent' && (m.data as { order: { orderID: string } }).order.orderID === orderID,
            10_000,
          );
          expect(sent.data).toMatchObject({ order: { orderID, item: 'Sharded fries', status: 'ORDERED' } });
        }
      } finally {
        chef.close();
        child.kill('SIGINT');
        await exited;
        await web.stop();
        await admin.em.fork().execute(`drop database if exists "${name}" with (force)`);
        await admin.close(true);
      }
    },
    90_000,
  );
});
