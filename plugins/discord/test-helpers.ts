import { APPLICATION_ID } from '../../tests/stand-ins/discord/interactions.ts';
import { type DiscordStandIn, startDiscordStandIn } from '../../tests/stand-ins/discord/server.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import { OrderMessages } from './notifier.ts';

/** The settings of a diner whose bot talks to this Discord stand-in: its token, the API's address, the application. */
export function botEnv(discord: DiscordStandIn): Record<string, string> {
  return {
    DISCORD_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
  };
}

/** A diner with its bot configured against a fresh Discord stand-in, on the test's clock, with no order sweep. */
export async function startAppWithBot(now: () => number): Promise<{ app: TestApp; discord: DiscordStandIn }> {
  const discord = await startDiscordStandIn({ botToken: 'bot-token' });
  const app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0', ...botEnv(discord) }, now });
  return { app, discord };
}

/** The order notifier of another process on the same database (a web replica, a bot shard), with the test's clock. */
export function otherProcessMessages(app: TestApp, now: () => number): OrderMessages {
  const { orders } = appServices(app.server.ctx).orders;
  const { rest, guilds } = appServices(app.server.ctx).discord;
  return new OrderMessages({
    orm: app.db.orm,
    rest,
    guilds,
    orders: () => orders,
    config: app.config,
    now,
    log: app.server.app.log,
  });
}
