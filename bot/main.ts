import path from 'node:path';
import { ShardingManager } from 'discord.js';
import { ConfigError, loadConfig } from '../core/config.ts';

/**
 * `npm run bot`: the bot as its own process, under discord.js's ShardingManager: one child process per shard
 * (bot/shard.ts), respawned when one dies. The shard count is BOT_SHARDS, else what Discord recommends (asked at
 * DISCORD_API_URL, so the stand-in can answer). Run it beside the web processes on PostgreSQL, with BOT_IN_PROCESS
 * off there.
 *
 * The manager only supervises processes: a shard's gateway client is `@discordjs/ws`'s (bot/client.ts), not
 * discord.js's Client, so no shard tells the manager it is ready (that is the Client's own message to its manager).
 * The manager spawns them `SHARD_SPAWN_DELAY_MS` apart without waiting (`timeout: -1`, its documented "no wait"),
 * which keeps their identifies apart as Discord asks; each shard logs its own connection, and one that fails exits
 * and is respawned.
 */
const SHARD_SPAWN_DELAY_MS = 5_500;
async function recommendedShards(apiUrl: string, token: string): Promise<number> {
  const res = await fetch(`${apiUrl}/v10/gateway/bot`, { headers: { authorization: `Bot ${token}` } });
  if (!res.ok) throw new Error(`Discord answered ${res.status} for /gateway/bot`);
  return ((await res.json()) as { shards: number }).shards;
}

try {
  const config = loadConfig();
  const token = config.discord.token;
  if (!token) throw new ConfigError('Set DISCORD_TOKEN to run the bot');
  const totalShards = process.env.BOT_SHARDS
    ? Number(process.env.BOT_SHARDS)
    : await recommendedShards(config.discord.apiUrl, token);
  const manager = new ShardingManager(path.join(import.meta.dirname, 'shard.ts'), {
    token,
    totalShards,
    respawn: true,
    mode: 'process',
  });
  manager.on('shardCreate', (shard) => console.log(`Shard ${shard.id} of ${totalShards} started`));
  await manager.spawn({ delay: SHARD_SPAWN_DELAY_MS, timeout: -1 });
  console.log(`The bot's ${totalShards} shard(s) are started`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      manager.respawn = false;
      for (const shard of manager.shards.values()) shard.kill();
      process.exit(0);
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
