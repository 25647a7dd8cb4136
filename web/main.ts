import { startApp } from '../core/boot.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { plugins } from '../plugins/index.ts';

/**
 * The web entry: configuration, database, server, listen. SIGTERM (docker stop, a deploy) or SIGINT (Ctrl-C) drains:
 * the bot client stops, then the app (core/boot.ts `stop()`: no new connections, sockets closed with 1001, requests
 * in flight answered, the sweep in progress finished, the event bridge and the database closed). A drain that has
 * not finished within SHUTDOWN_TIMEOUT_S (10 s) is logged and the process exits anyway.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, plugins);
  const app = await startApp(config, plugins);
  console.log(`Virtual Diner is ready at ${app.url}`);
  // The bot in this process when it has a token and no separate `npm run bot` (bot/): loaded only then, and the
  // site does not wait for it to connect.
  const bot =
    config.discord.token && config.bot.inProcess
      ? import('../bot/in-process.ts').then((m) => m.startInProcess(app))
      : null;
  const log = app.server.app.log;
  let draining = false;
  const drain = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    log.info({ signal }, 'shutting down');
    const started = Date.now();
    const limit = setTimeout(() => {
      log.error(
        { signal, limitMs: config.shutdownTimeoutMs },
        `shutdown did not finish within ${config.shutdownTimeoutMs / 1000} s: exiting anyway`,
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
    Promise.resolve(bot?.then((client) => client?.stop()))
      .then(() => app.stop())
      .then(
        () => {
          clearTimeout(limit);
          log.info({ ms: Date.now() - started }, 'shut down');
          process.exit(0);
        },
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, drain);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Virtual Diner could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
