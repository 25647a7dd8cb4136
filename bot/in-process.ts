import type { StartedApp } from '../core/boot.ts';
import { appServices } from '../plugins/index.ts';
import { type BotClient, startBotClient } from './client.ts';

/**
 * `npm start` with DISCORD_TOKEN and BOT_IN_PROCESS (the default): the gateway client beside the web server, on its
 * services. A client that cannot connect is logged and the site keeps running (the bot is an outside service).
 */
export async function startInProcess(app: StartedApp): Promise<BotClient | null> {
  const log = app.server.app.log;
  try {
    return await startBotClient({
      config: app.server.ctx.config,
      discord: appServices(app.server.ctx).discord,
      log,
    });
  } catch (error) {
    log.error({ err: error }, 'the bot could not connect to Discord; the site runs without it');
    return null;
  }
}
