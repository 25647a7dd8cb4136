import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { authEntities } from '../core/auth/entities.ts';
import { schemaOf } from '../core/boot.ts';
import { migrate, openDatabase } from '../core/db/orm.ts';
import { plugins } from '../plugins/index.ts';

/**
 * `npm run db:migration -- <plugin|core> <Name>`: applies every committed migration to a scratch in-memory
 * database, diffs it against the entities, and writes the difference as the owner's next migration
 * (`plugins/<plugin>/migrations/` or `core/db/migrations/`), listed in that folder's index.ts. The difference must
 * touch only the owner's own tables: a change to another plugin's entities belongs in that plugin's migration.
 */
const [owner, name] = process.argv.slice(2);
const plugin = plugins.find((p) => p.name === owner);
if (!owner || (!plugin && owner !== 'core') || !name || !/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
  console.error(
    `Usage: npm run db:migration -- <${['core', ...plugins.map((p) => p.name)].join('|')}> <Name> (letters and digits)`,
  );
  process.exit(1);
}
const dir = path.resolve(owner === 'core' ? 'core/db/migrations' : `plugins/${owner}/migrations`);
const ownTables = new Set(((owner === 'core' ? authEntities : plugin?.entities) ?? []).map((e) => e.meta.tableName));

/** The tables a migration's SQL creates, alters, indexes or drops (a foreign key may reference anyone's). */
function tablesIn(sql: string): Set<string> {
  const found = new Set<string>();
  for (const match of sql.matchAll(
    /(?:(?:create|alter|drop) table(?: if (?:not )?exists)?|create (?:unique )?index [^\n]*? on)\s+"([^"]+)"/g,
  ))
    found.add(match[1]!);
  return found;
}

const orm = await openDatabase({ url: undefined, embeddedPath: 'memory://', ...schemaOf(plugins) });
try {
  await migrate(orm);
  const result = await orm.migrator.create(dir, false, false, name);
  if (!result.fileName) {
    console.log('The entities match the migrations: nothing to write.');
  } else {
    const file = path.join(dir, result.fileName);
    const foreign = [...tablesIn(result.code)].filter((table) => !ownTables.has(table));
    if (foreign.length > 0) {
      await rm(file);
      console.error(
        `The difference touches tables ${owner} does not own (${foreign.join(', ')}): write it in their owner's migration.`,
      );
      process.exitCode = 1;
    } else {
      const className = result.fileName.replace(/\.ts$/, '');
      const indexPath = path.join(dir, 'index.ts');
      let index = await readFile(indexPath, 'utf8');
      index = index.replace(
        /^(import type \{ MigrationClass \}.*\n(?:import .*\n)*)/m,
        `$1import { ${className} } from './${result.fileName}';\n`,
      );
      index = index.replace(
        /= \[(.*)\];/s,
        (_, list: string) => `= [${list.trim() ? `${list.trim().replace(/,$/, '')}, ` : ''}${className}];`,
      );
      await writeFile(indexPath, index);
      console.log(`Wrote ${path.relative(process.cwd(), file)} and listed it in its index.ts`);
    }
  }
} finally {
  await orm.close(true);
}
