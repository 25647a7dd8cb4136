import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../core/config.ts';
import { commandsOf } from '../core/plugin.ts';
import { plugins } from '../plugins/index.ts';
import { registerCommands } from './commands.ts';

/** `npm run bot:register [-- --guild <id>]`: every plugin's slash commands, globally or in one server. */
try {
  const { values } = parseArgs({ options: { guild: { type: 'string' } } });
  const config = loadConfig(process.env, plugins);
  const commands = commandsOf(plugins);
  const count = await registerCommands(config, commands, values.guild);
  console.log(`Registered ${count} slash commands ${values.guild ? `in server ${values.guild}` : 'globally'}.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
