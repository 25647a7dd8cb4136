import { createAppContext } from '../core/app-context.ts';
import { openAndMigrate } from '../core/boot.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { EventBridge } from '../core/db/event-bridge.ts';
import { createLogger } from '../core/logger.ts';
import { appServices, plugins } from '../plugins/index.ts';
import { startBotClient } from './client.ts';

/**
 * One shard of the bot process (spawned by bot/main.ts's ShardingManager, which sets SHARDS, this shard's id, and
 * SHARD_COUNT): the plugins' services on the shared database (`createAppContext`: no HTTP server, no routes), and the
 * gateway client on that shard, the same client as the web process's. The web processes sweep order deadlines; a
 * shard does not.
 */
async function main(): Promise<void> {
  const shards = { ids: [Number(process.env.SHARDS)], count: Number(process.env.SHARD_COUNT) };
  if (!Number.isInteger(shards.ids[0]) || !Number.isInteger(shards.count))
    throw new Error('SHARDS and SHARD_COUNT are not set: run the bot with `npm run bot`');
  const config = loadConfig({ ...process.env, ORDER_SWEEP_INTERVAL_MS: '0' }, plugins);
  const { orm } = await openAndMigrate(config, plugins);
  const log = await createLogger(config);
  const ctx = await createAppContext({ config, orm, plugins, log });
  // The shard's events (an order placed, a delivery failed) reach the web processes' sockets, and the web's
  // (a delivery made on the site) reach the shard, through PostgreSQL: the bot process always has a DATABASE_URL.
  const bridge = config.databaseUrl ? new EventBridge({ url: config.databaseUrl, events: ctx.events, log }) : null;
  await bridge?.start();
  const bot = await startBotClient({ config, discord: appServices(ctx).discord, log, shards });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void (async () => {
        await bot.stop();
        await appServices(ctx).discord.messages.idle();
        await bridge?.stop();
        await orm.close();
        process.exit(0);
      })();
    });
  }
}

/** A shard that could not start exits after this pause: its manager respawns it at once, so this paces retries. */
const RETRY_PAUSE_MS = 5_000;

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof Error
      ? `The bot shard could not start: ${error.message}`
      : String(error),
  );
  setTimeout(() => process.exit(1), RETRY_PAUSE_MS);
});
