import { restoreBackup } from '../core/backup/restore.ts';
import { schemaOf } from '../core/boot.ts';
import { loadConfig } from '../core/config.ts';
import { claimEmbedded } from '../core/db/embedded.ts';
import { plugins } from '../plugins/index.ts';

/**
 * `npm run restore <file>`: restores a backup (core/backup/) into the database this configuration names, which must
 * be empty: PostgreSQL (DATABASE_URL, a new database) or the embedded database in DATA_DIR (a folder without one).
 * The uploads go to `$DATA_DIR/uploads`. A backup from a newer version of the diner is refused; one from an older
 * version is migrated. Refusals come before anything is written. docs/operations.md, "Backups".
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('Usage: npm run restore <backup file>');
  const config = loadConfig(process.env, plugins);
  if (!config.databaseUrl && config.embeddedDbPath === 'memory://')
    throw new Error('DATA_DIR is :memory:: set DATA_DIR to the folder to restore into, or DATABASE_URL');
  const release = config.databaseUrl ? async () => {} : await claimEmbedded(config.embeddedDbPath, 'npm run restore');
  try {
    const restored = await restoreBackup(file, {
      databaseUrl: config.databaseUrl,
      embeddedPath: config.embeddedDbPath,
      dataDir: config.dataDir,
      ...schemaOf(plugins),
    });
    const into = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
    console.log(
      `Restored the backup of ${restored.manifest.createdAt} (${restored.manifest.database}) into ${into}` +
        (restored.migrated.length > 0 ? `; then ran ${restored.migrated.length} newer migration(s)` : ''),
    );
  } finally {
    await release();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
