import { commandsFor } from '../../../core/commands.ts';
import type { CommandServicesOf } from '../../../core/plugin.ts';
import type { OrdersPlugin, requires } from '../index.ts';

/** The orders plugin's commands: they see its service and those of the plugins it requires. */
export const defineCommand = commandsFor<CommandServicesOf<'orders', OrdersPlugin, typeof requires>>();
