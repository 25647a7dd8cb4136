import { commandsFor } from '../../../core/commands.ts';
import type { CommandServicesOf } from '../../../core/plugin.ts';
import type { DiscordPlugin, requires } from '../index.ts';

/** The discord plugin's commands: they see its service and those of the plugins it requires. */
export const defineCommand = commandsFor<CommandServicesOf<'discord', DiscordPlugin, typeof requires>>();
