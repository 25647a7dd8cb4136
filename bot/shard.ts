import { openAndMigrate } from '../core/boot.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { EventBridge } from '../core/db/event-bridge.ts';
import { buildServer } from '../core/http/server.ts';
import { appServices, plugins } from '../plugins/index.ts';
import { startBotClient } from './client.ts';

/**
 * One shard of the bot process (spawned by bot/main.ts's ShardingManager, which sets SHARDS and SHARD_COUNT):
 * the plugins' services on the shared database, without listening for HTTP, and the gateway client. The web
 * processes sweep order deadlines; a shard does not.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, ORDER_SWEEP_INTERVAL_MS: '0' });
  const { orm } = await openAndMigrate(config, plugins);
  const server = await buildServer({ config, orm, plugins, site: null });
  // The shard's events (an order placed, a delivery failed) reach the web processes' sockets, and the web's
  // (a delivery made on the site) reach the shard, through PostgreSQL: the bot process always has a DATABASE_URL.
  const bridge = config.databaseUrl
    ? new EventBridge({ url: config.databaseUrl, events: server.ctx.events, log: server.app.log })
    : null;
  await bridge?.start();
  const bot = await startBotClient({
    config,
    discord: appServices(server.ctx).discord,
    log: server.app.log,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void (async () => {
        await bot.stop();
        await appServices(server.ctx).discord.messages.idle();
        await bridge?.stop();
        await server.close();
        await orm.close();
        process.exit(0);
      })();
    });
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof Error
      ? `The bot shard could not start: ${error.message}`
      : String(error),
  );
  process.exit(1);
});
