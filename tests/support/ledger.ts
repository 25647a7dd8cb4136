import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Every user's coin ledger rows sum to their balance (a user without a wallet row has 0 and no rows): docs/store.md. */
export async function expectLedgerMatchesBalances(app: TestApp): Promise<void> {
  const rows = await app.db.orm.em.fork().execute<{ user_id: string; balance: number; total: number | null }[]>(
    `select u.id as user_id, coalesce(w.balance, 0) as balance, (select sum(amount) from coin_transactions t where t.user_id = u.id) as total
     from users u left join wallets w on w.user_id = u.id`,
  );
  for (const row of rows) expect(Number(row.total ?? 0), `user ${row.user_id}`).toBe(Number(row.balance));
}
