import { commandsFor } from '../../../core/commands.ts';
import type { CommandServicesOf } from '../../../core/plugin.ts';
import type { requires, StorePlugin } from '../index.ts';

/** The store plugin's commands: they see its service and those of the plugins it requires. */
export const defineCommand = commandsFor<CommandServicesOf<'store', StorePlugin, typeof requires>>();
