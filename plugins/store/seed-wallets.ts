import type { CoreContext } from '../../core/plugin.ts';
import { DEMO_USERS } from '../users/index.ts';
import { type CoinChange, CoinLedger } from './ledger.ts';
import { storeSql } from './sql.ts';

const HOUR = 60 * 60 * 1000;
const demo = (role: (typeof DEMO_USERS)[number]['role']) => DEMO_USERS.find((u) => u.role === role)!.id;

interface Entry extends Omit<CoinChange, 'reference' | 'userId'> {
  /** How long ago. */
  ago: number;
}

/**
 * Demo wallets (docs/store.md): the demo users have balances and a history of hourly claims, a staff adjustment and
 * a sponsor reward, written through the ledger (so each sums to its balance) and dated in the past. Every last
 * hourly claim is over an hour old, so each demo user can claim on /hourly at once.
 */
export async function seedWallets(ctx: CoreContext): Promise<void> {
  const now = ctx.now();
  const hourly = (ago: number): Entry => ({ amount: 50, kind: 'HOURLY', reason: 'Hourly reward', ago });
  const history: Record<string, Entry[]> = {
    [demo('Customer')]: [
      hourly(50 * HOUR),
      hourly(27 * HOUR),
      { amount: 500, kind: 'ADMIN', reason: 'Welcome gift for our first regulars', ago: 26 * HOUR },
      hourly(5 * HOUR),
      { amount: 1000, kind: 'REWARD', reason: 'Thank you for sponsoring Virtual Diner', ago: 4 * HOUR },
      hourly(2 * HOUR),
    ],
    [demo('Chef')]: [
      hourly(30 * HOUR),
      hourly(20 * HOUR),
      { amount: 200, kind: 'ADMIN', reason: 'Chef of the week', ago: 10 * HOUR },
      hourly(3 * HOUR),
    ],
    [demo('Delivery driver')]: [hourly(8 * HOUR), hourly(6 * HOUR)],
    [demo('Manager')]: [hourly(4 * HOUR)],
    [demo('Banned user')]: [hourly(90 * HOUR)],
  };
  // One transaction; each change through a ledger whose clock says when it happened, so its row is dated then.
  await ctx.orm.em.fork().transactional(async (em) => {
    const db = storeSql(em);
    const users = await db.selectFrom('users').select('id').where('id', 'in', Object.keys(history)).execute();
    const existing = new Set(users.map((user) => user.id));
    for (const [userId, entries] of Object.entries(history)) {
      if (!existing.has(userId)) continue;
      let lastHourly: Date | null = null;
      for (const [i, entry] of entries.entries()) {
        const at = new Date(now - entry.ago);
        const reference = entry.kind === 'HOURLY' ? `hourly:${at.toISOString()}` : `seed:${i}`;
        const ledger = new CoinLedger({ orm: ctx.orm, now: () => at.getTime() });
        await ledger.creditIn(em, { userId, amount: entry.amount, kind: entry.kind, reference, reason: entry.reason });
        if (entry.kind === 'HOURLY') lastHourly = at;
      }
      await db.updateTable('wallets').set({ last_hourly_at: lastHourly }).where('user_id', '=', userId).execute();
    }
  });
}
