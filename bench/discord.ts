import { APPLICATION_ID, createInteractionSigner } from '../tests/stand-ins/discord/interactions.ts';
import { startDiscordStandIn } from '../tests/stand-ins/discord/server.ts';

/**
 * Every diner that takes orders from Discord runs with Discord configured: the interactions key and the bot token, so
 * the notifier and the bot's REST calls are on the paths the bench measures. Here they point at the Discord stand-in
 * (tests/stand-ins/discord), started once for the whole run in this process; the app reaches it through the real
 * client libraries, as it would reach Discord.
 */
export interface BenchDiscord {
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startBenchDiscord(): Promise<BenchDiscord> {
  const discord = await startDiscordStandIn();
  const signer = createInteractionSigner();
  return {
    env: {
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_PUBLIC_KEY: signer.publicKey,
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
    },
    close: () => discord.close(),
  };
}
