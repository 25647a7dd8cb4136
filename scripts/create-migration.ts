import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { entitiesOf } from '../core/boot.ts';
import { migrate, openDatabase } from '../core/db/orm.ts';
import { plugins } from '../plugins/index.ts';

/**
 * `npm run db:migration -- <name>`: applies the committed migrations to a scratch in-memory database, diffs it
 * against the entities, writes the difference as a new migration and appends it to the list.
 */
const name = process.argv[2];
if (!name || !/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
  console.error('Usage: npm run db:migration -- <Name> (letters and digits)');
  process.exit(1);
}
const dir = path.resolve('core/db/migrations');
const orm = await openDatabase({ url: undefined, embeddedPath: 'memory://', entities: entitiesOf(plugins) });
try {
  await migrate(orm);
  const result = await orm.migrator.create(dir, false, false, name);
  if (!result.fileName) {
    console.log('The entities match the migrations: nothing to write.');
  } else {
    const className = result.fileName.replace(/\.ts$/, '');
    const indexPath = path.join(dir, 'index.ts');
    let index = await readFile(indexPath, 'utf8');
    index = index.replace(/^(import type \{ Migration \}.*\n)/m, `$1import { ${className} } from './${result.fileName}';\n`);
    index = index.replace(/= \[(.*)\];/s, (_, list: string) => `= [${list.trim() ? `${list.trim().replace(/,$/, '')}, ` : ''}${className}];`);
    await writeFile(indexPath, index);
    console.log(`Wrote core/db/migrations/${result.fileName} and listed it in index.ts`);
  }
} finally {
  await orm.close(true);
}
