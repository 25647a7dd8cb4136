import type { MigrationClass } from '../../../core/db/migrations.ts';
import { Migration20261121223225_Settings } from './Migration20261121223225_Settings.ts';
import { Migration20261125093100_SettingsNullableValue } from './Migration20261125093100_SettingsNullableValue.ts';

/**
 * The settings plugin's migrations, oldest first. `npm run db:migration -- settings <Name>` writes the next one here and lists it.
 */
export const migrations: MigrationClass[] = [
  Migration20261121223225_Settings,
  Migration20261125093100_SettingsNullableValue,
];
