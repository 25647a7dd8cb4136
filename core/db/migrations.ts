import type { Configuration, Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { AbstractSqlDriver } from '@mikro-orm/sql';

/** A committed migration: `Migration<yyyymmddhhmmss>_<Name>`, the class name being its name in the migrations table. */
export type MigrationClass = Constructor<Migration>;

export interface MigrationSource {
  /** `core` or a plugin's name: where `npm run db:migration` writes the owner's next one. */
  owner: string;
  migrations: readonly MigrationClass[];
}

const NAME = /^Migration(\d{14})_[A-Za-z0-9]+$/;

/**
 * The kernel's and every plugin's migrations as one list in timestamp order, the order they run in. Names are what
 * the migrations table records, so they must be unique and never change: a migration moved between owners keeps
 * its name and a database that ran it does not run it again.
 */
export function collectMigrations(sources: readonly MigrationSource[]): MigrationClass[] {
  const seen = new Map<string, string>();
  const all: { name: string; stamp: string; migration: MigrationClass }[] = [];
  for (const source of sources) {
    for (const migration of source.migrations) {
      const stamp = NAME.exec(migration.name)?.[1];
      if (!stamp)
        throw new Error(`Migration ${migration.name} of ${source.owner} is not named Migration<yyyymmddhhmmss>_<Name>`);
      const other = seen.get(migration.name);
      if (other) throw new Error(`Migration ${migration.name} is listed by both ${other} and ${source.owner}`);
      seen.set(migration.name, source.owner);
      all.push({ name: migration.name, stamp, migration });
    }
  }
  all.sort((a, b) => a.stamp.localeCompare(b.stamp) || a.name.localeCompare(b.name));
  return all.map((entry) => entry.migration);
}

/**
 * The statements that rebuild the one-column index `<table>_<column>_index`, named as MikroORM names it: holding only
 * the rows where the column is set (`partial`, `where … is not null`) or every row. Index definitions only: what a
 * migration writes with it must stay what it wrote, so this never changes.
 */
export function oneColumnIndexSql(table: string, column: string, partial: boolean): string[] {
  const name = `${table}_${column}_index`;
  return [
    `drop index if exists "${name}";`,
    `create index "${name}" on "${table}" ("${column}")${partial ? ` where "${column}" is not null` : ''};`,
  ];
}

/**
 * The statements of earlier migrations' `up`, in order, that `keep` matches: for a `down` that puts back what those
 * migrations built (a function or trigger a later migration dropped), from their own committed SQL rather than a
 * copy of it.
 */
export async function earlierStatements(
  earlier: readonly MigrationClass[],
  driver: AbstractSqlDriver,
  config: Configuration,
  keep: RegExp,
): Promise<string[]> {
  const statements: string[] = [];
  for (const Earlier of earlier) {
    const migration = new Earlier(driver, config);
    await migration.up();
    for (const query of migration.getQueries())
      if (typeof query === 'string' && keep.test(query)) statements.push(query);
  }
  return statements;
}
