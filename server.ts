import { ConfigError, loadConfig } from './core/config.ts';
import { startApp } from './core/boot.ts';
import { plugins } from './plugins/index.ts';

/** The web entry: configuration, database, server, listen; Ctrl-C closes the server and then the database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await startApp(config, plugins);
  console.log(`Virtual Diner is ready at ${app.url}`);
  // The bot in this process when it has a token and no separate `npm run bot` (bot/): loaded only then, and the
  // site does not wait for it to connect.
  const bot = config.discord.token && config.bot.inProcess ? import('./bot/in-process.ts').then((m) => m.startInProcess(app)) : null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.server.app.log.info({ signal }, 'shutting down');
      Promise.resolve(bot?.then((client) => client?.stop())).then(() => app.stop()).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Virtual Diner could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
