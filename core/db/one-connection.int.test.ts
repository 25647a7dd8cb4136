import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { embeddedPathOf } from './embedded.ts';
import { DatabaseTimeoutError, QueryOutsideTransactionError } from './errors.ts';
import { logDatabaseTo, type Orm, openDatabase } from './orm.ts';

/** A promise and the function that settles it: a transaction held open until the test says so. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The embedded database's one connection (core/db/one-connection.ts): what waits, what fails, what is stopped. */
describe.skipIf(process.env.VD_TEST_DATABASE === 'postgresql')('the embedded database has one connection', () => {
  const opened: Orm[] = [];
  const folders: string[] = [];
  const open = async (timeoutMs: number, where: 'memory' | 'disk' = 'memory') => {
    let embeddedPath = 'memory://';
    if (where === 'disk') {
      const folder = await mkdtemp(path.join(tmpdir(), 'vd-one-connection-'));
      folders.push(folder);
      embeddedPath = embeddedPathOf(folder);
    }
    // From the tests' migrated template, as every test database: an empty one would run initdb first.
    const template = inject('pgliteTemplate');
    const source = where === 'disk' ? { template } : { templateTar: new Uint8Array(await readFile(template)) };
    const orm = await openDatabase({ url: undefined, embeddedPath, entities: [], timeoutMs, ...source });
    opened.push(orm);
    const log: string[] = [];
    logDatabaseTo(orm, (message) => log.push(message));
    await orm.em.fork().execute('create table if not exists notes (id int primary key, body text)');
    return { orm, log };
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((orm) => orm.close(true)));
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('a query through another handle inside a transaction fails at once, by name, and the database goes on', async () => {
    const { orm } = await open(60_000);
    const outside = orm.em.fork().transactional(async (em) => {
      await em.execute('insert into notes values (1, ?)', ['inside']);
      await orm.em.fork().execute('select 1');
    });
    await expect(outside).rejects.toBeInstanceOf(QueryOutsideTransactionError);
    await expect(outside).rejects.toThrow(/through another handle while this flow of work holds a transaction/);
    // Rolled back, and the connection is free again.
    expect(await orm.em.fork().execute('select count(*)::int as n from notes')).toEqual([{ n: 0 }]);
  });

  it('so does a second transaction begun inside one (another fork), while a savepoint in the same one is fine', async () => {
    const { orm } = await open(60_000);
    const second = orm.em.fork().transactional(async () => {
      await orm.em.fork().transactional(async (inner) => inner.execute('select 1'));
    });
    await expect(second).rejects.toBeInstanceOf(QueryOutsideTransactionError);
    const nested = await orm.em
      .fork()
      .transactional(async (em) => em.transactional(async (inner) => inner.execute('select 2 as two')));
    expect(nested).toEqual([{ two: 2 }]);
  });

  it('another flow of work waits its turn for the connection, and gets it when the transaction commits', async () => {
    const { orm } = await open(60_000);
    const held = gate();
    const entered = gate();
    const holder = orm.em.fork().transactional(async (em) => {
      await em.execute('insert into notes values (2, ?)', ['first']);
      entered.open();
      await held.opened;
    });
    await entered.opened;
    const waiter = orm.em.fork().execute<{ body: string }[]>('select body from notes where id = 2');
    held.open();
    await holder;
    expect(await waiter).toEqual([{ body: 'first' }]);
  });

  it('a transaction idle past the limit is rolled back and named in the log; the next in line gets the connection', async () => {
    const { orm, log } = await open(300);
    const held = gate();
    const entered = gate();
    const holder = orm.em.fork().transactional(async (em) => {
      await em.execute('insert into notes values (3, ?)', ['stuck']);
      entered.open();
      await held.opened;
      await em.execute('select 1');
    });
    holder.catch(() => {});
    await entered.opened;
    // Waits behind the stuck transaction, then runs once the driver has rolled it back.
    expect(await orm.em.fork().execute('select count(*)::int as n from notes where id = 3')).toEqual([{ n: 0 }]);
    expect(log.join('\n')).toMatch(
      /A transaction sat idle for more than 300 ms holding the embedded database and was rolled back; .*insert into notes/,
    );
    held.open();
    const error = await holder.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseTimeoutError);
    expect(error).toMatchObject({ code: '25P03' });
    expect(await orm.em.fork().execute('select 3 as three')).toEqual([{ three: 3 }]);
  });

  it('a statement waiting past the limit behind a busy transaction is refused (57014) and named; the transaction goes on', async () => {
    const { orm, log } = await open(200, 'disk');
    const entered = gate();
    let refused = false;
    const busy = orm.em.fork().transactional(async (em) => {
      await em.execute('insert into notes values (4, ?)', ['busy']);
      entered.open();
      // Never idle for long, so never rolled back: it holds the connection until the other statement gives up. PGlite
      // answers on this thread, so each turn also lets the event loop run (the waiting statement's timer among it), as
      // a request's statements do between network reads.
      while (!refused) {
        await em.execute('select count(*)::int as n from generate_series(1, 1000)');
        await setImmediate();
      }
    });
    await entered.opened;
    const error = await orm.em
      .fork()
      .execute('select 1 as one')
      .catch((e: unknown) => e)
      .finally(() => (refused = true));
    expect(error).toBeInstanceOf(DatabaseTimeoutError);
    expect(error).toMatchObject({ code: '57014' });
    expect(log.join('\n')).toMatch(
      /A statement waited more than 200 ms for the embedded database and was refused; .*generate_series/,
    );
    // The refused statement itself is named too (MikroORM's slow-statement log).
    expect(log.join('\n')).toMatch(/A database statement failed after \d+ ms: select 1 as one/);
    await busy;
    expect(await orm.em.fork().execute('select body from notes where id = 4')).toEqual([{ body: 'busy' }]);
  });
});
