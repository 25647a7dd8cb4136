import { commandsFor } from '../../../core/commands.ts';
import type { CommandServicesOf } from '../../../core/plugin.ts';
import type { SettingsService } from '../index.ts';

/** The settings plugin's commands: they see its service (it requires no other plugin). */
export const defineCommand = commandsFor<CommandServicesOf<'settings', SettingsService, readonly []>>();
