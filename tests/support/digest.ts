import type { Orm } from '../../core/db/orm.ts';

/**
 * Every table of a database (its own schema, the migrations table included) as a row count and a digest of its rows
 * in a stable order, read in one transaction with the time zone fixed, so two databases of either kind that hold the
 * same rows give the same digests.
 */
export async function digestTables(orm: Orm): Promise<Record<string, { rows: number; md5: string }>> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute(`set local timezone = 'UTC'`);
    const tables = await em.execute<{ table_name: string }[]>(
      `select table_name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    const digests: Record<string, { rows: number; md5: string }> = {};
    for (const { table_name: table } of tables) {
      // The name comes from the catalog: quoted as an identifier, never a value.
      const [row] = await em.execute<{ rows: number | string; md5: string }[]>(
        `select count(*) as rows, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as md5
         from "${table.replaceAll('"', '""')}" x`,
      );
      digests[table] = { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? '' };
    }
    return digests;
  });
}
