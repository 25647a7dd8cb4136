import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The writes case's baseline: bare Fastify, no logger, one locking transaction per request on the database the app
 * uses (`select … for update`, then an update, in one transaction), on its own table (`bench_write_baseline`, 20 rows).
 * PostgreSQL through a `pg` pool of 10 (the app's pool size) when DATABASE_URL is set; otherwise PGlite in DATA_DIR,
 * the embedded engine the app runs on.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 20);
type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
type Transaction = <T>(work: (query: Query) => Promise<T>) => Promise<T>;

let transaction: Transaction;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  transaction = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work((sql, params) => client.query(sql, params));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  await mkdir(process.env.DATA_DIR!, { recursive: true });
  // From the cluster template `npm run build` makes, as the app starts a new embedded database (initdb in
  // WebAssembly takes tens of seconds on a busy machine).
  const template = path.resolve('dist', 'pglite-template.tar');
  const loadDataDir = existsSync(template)
    ? new Blob([readFileSync(template)], { type: 'application/x-tar' })
    : undefined;
  const db = await PGlite.create(process.env.DATA_DIR!, loadDataDir ? { loadDataDir } : {});
  transaction = (work) => db.transaction((tx) => work((sql, params) => tx.query<Record<string, unknown>>(sql, params)));
  close = () => db.close();
}

await transaction(async (query) => {
  await query('drop table if exists bench_write_baseline');
  await query(
    'create table bench_write_baseline (id int primary key, status text not null, claimed_by text, updated_at timestamptz not null)',
  );
  await query(
    `insert into bench_write_baseline select i, 'ORDERED', null, now() from generate_series(0, ${ROWS - 1}) as i`,
  );
});

const app = Fastify();
app.post<{ Params: { id: string } }>('/orders/:id/toggle', async (request) => {
  const id = Number(request.params.id);
  return transaction(async (query) => {
    const { rows } = await query('select status from bench_write_baseline where id = $1 for update', [id]);
    const status = rows[0]!.status === 'ORDERED' ? 'CLAIMED' : 'ORDERED';
    await query('update bench_write_baseline set status = $2, claimed_by = $3, updated_at = now() where id = $1', [
      id,
      status,
      status === 'CLAIMED' ? `chef${id}` : null,
    ]);
    return { id, status };
  });
});
app.get('/', async () => ({ ready: true }));
console.log(
  `ready at ${await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) })}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(() => transaction((query) => query('drop table if exists bench_write_baseline')))
        .then(close)
        .then(() => process.exit(0)),
  );
}
