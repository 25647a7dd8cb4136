import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { queryOnce } from '../support/database.ts';
import { appEnv, DEMO_USERS, devSignIn, runScript, startServer } from '../support/spawn-server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * The move to PostgreSQL (docs/operations.md, "Moving to PostgreSQL"), as an operator follows it: a diner on the
 * embedded database with its demo data, coins being given while `npm run backup` runs, the backup restored into a
 * new PostgreSQL database, and `node server.ts` started with DATABASE_URL. The same backup restored into a new
 * embedded database is the reference: through the API both serve the same users, wallets and ledgers, orders,
 * leaderboard and statistics, and the sessions come along. On PostgreSQL each wallet's balance is its ledger's sum
 * (no write was torn), and the coins given before the backup began are in it.
 */
describe.skipIf(!adminUrl)('the move from the embedded database to PostgreSQL', { timeout: 300_000 }, () => {
  const name = `vd_move_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl ?? 'postgres://x');
  url.pathname = `/${name}`;
  let work = '';

  afterAll(async () => {
    if (adminUrl) await queryOnce(adminUrl, `drop database if exists "${name}" with (force)`);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('backs up while writes go on, restores into PostgreSQL, and serves the same diner', async () => {
    work = await mkdtemp(path.join(tmpdir(), 'vd-move-'));
    const source = appEnv(path.join(work, 'embedded'));
    const server = await startServer(source, { timeoutMs: 120_000 });
    const owner = await devSignIn(server.url, DEMO_USERS.owner);
    const auth = { authorization: `Bearer ${owner}` };
    const wallet = async (base: string, id: string) => {
      const res = await fetch(`${base}/api/client/users/${id}/wallet`, { headers: auth });
      expect(res.status).toBe(200);
      return (await res.json()) as { balance: number };
    };
    const before = (await wallet(server.url, DEMO_USERS.customer)).balance;

    // Coins given one after another until told to stop: each a balance update, a ledger row and an audit entry.
    let given = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        const res = await fetch(`${server.url}/api/client/admin/users/${DEMO_USERS.customer}/coins`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 1, reason: `during the backup ${given}` }),
        });
        if (res.status !== 200) throw new Error(`giving coins answered ${res.status}: ${await res.text()}`);
        given++;
      }
    })();
    let file: string;
    let givenBefore: number;
    try {
      while (given < 5) await new Promise((resolve) => setTimeout(resolve, 20));
      givenBefore = given;
      const out = path.join(work, 'move');
      const backup = await runScript('backup.ts', [out], source);
      expect(backup.code, backup.output).toBe(0);
      file = path.join(out, (await readdir(out))[0] ?? '');
    } finally {
      writing = false;
      await writes;
      await server.stop();
    }
    expect(given).toBeGreaterThan(givenBefore);

    await queryOnce(adminUrl ?? '', `create database "${name}"`);
    const frozen = { ORDER_SWEEP_INTERVAL_MS: '0', BACKUP_INTERVAL_HOURS: '0' };
    const onPostgres = { ...appEnv(path.join(work, 'postgres')), ...frozen, DATABASE_URL: url.toString() };
    const restored = await runScript('restore.ts', [file], onPostgres);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('into PostgreSQL (DATABASE_URL)');
    const reference = { ...appEnv(path.join(work, 'reference')), ...frozen };
    const restoredReference = await runScript('restore.ts', [file], reference);
    expect(restoredReference.code, restoredReference.output).toBe(0);

    // Every wallet's balance is its ledger's sum, and the coins given before the backup began are in it.
    const torn = await queryOnce(
      url.toString(),
      `select w.user_id from wallets w
       where w.balance <> coalesce((select sum(t.amount) from coin_transactions t where t.user_id = w.user_id), 0)`,
    );
    expect(torn).toEqual([]);

    const pgServer = await startServer(onPostgres, { timeoutMs: 120_000 });
    const embeddedServer = await startServer(reference, { timeoutMs: 120_000 });
    try {
      expect(pgServer.output()).not.toContain('demo data added');
      const balance = (await wallet(pgServer.url, DEMO_USERS.customer)).balance;
      expect(balance).toBeGreaterThanOrEqual(before + givenBefore);
      expect(balance).toBeLessThanOrEqual(before + given);

      const reads: { path: string; body?: object }[] = [
        { path: '/api/client/admin/users', body: {} },
        { path: '/api/client/orders/leaderboard' },
        { path: '/api/client/statistics/management' },
        ...Object.values(DEMO_USERS).flatMap((id) =>
          [
            `/api/v3/users/${id}`,
            `/api/client/users/${id}/wallet`,
            `/api/client/orders/user/${id}`,
            `/api/client/users/${id}/rank-history`,
            `/api/client/users/${id}/warnings`,
          ].map((path) => ({ path })),
        ),
      ];
      for (const { path: p, body } of reads) {
        const [fromPostgres, fromEmbedded] = await Promise.all(
          [pgServer.url, embeddedServer.url].map(async (base) => {
            // The owner's session came with the backup: it signs in on both.
            const res = await fetch(`${base}${p}`, {
              method: body ? 'POST' : 'GET',
              headers: body ? { ...auth, 'content-type': 'application/json' } : auth,
              body: body ? JSON.stringify(body) : undefined,
            });
            // When the answer was made is the one thing that differs.
            return {
              status: res.status,
              body: JSON.parse(await res.text(), (k, v) => (k === 'generatedAt' ? undefined : v)),
            };
          }),
        );
        expect(fromPostgres?.status, p).toBe(200);
        expect(fromPostgres, p).toEqual(fromEmbedded);
      }
    } finally {
      await pgServer.stop();
      await embeddedServer.stop();
    }
  });
});
