import { REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import type { AnyCommand } from '../core/commands.ts';
import type { Config } from '../core/config.ts';

/**
 * Registers every plugin's slash commands with Discord (a bulk overwrite: commands no plugin has any more are
 * removed): globally, or in one server for development (guild commands update at once; global ones within
 * about an hour).
 */
export async function registerCommands(
  config: Config,
  commands: readonly AnyCommand[],
  guildId?: string,
): Promise<number> {
  const applicationId = config.discord.applicationId;
  if (!config.discord.token || !applicationId)
    throw new Error('Set DISCORD_TOKEN and DISCORD_APPLICATION_ID (or DISCORD_CLIENT_ID) to register commands');
  const rest = new REST({ api: config.discord.apiUrl, version: '10' }).setToken(config.discord.token);
  const body = commands.map((c) => c.data);
  const route = guildId
    ? Routes.applicationGuildCommands(applicationId, guildId)
    : Routes.applicationCommands(applicationId);
  const registered = (await rest.put(route, { body })) as unknown[];
  return registered.length;
}
