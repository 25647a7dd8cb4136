import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { StatisticsPlugin } from './index.ts';

/**
 * Closing a week and deleting a snapshot at once. PGlite runs one transaction at a time; on PostgreSQL
 * (TEST_DATABASE_URL) these race for real: only the week's row (insert … on conflict do nothing) and the delete's
 * returning row decide who wins.
 */
const MEMBER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'VIEW_MANAGEMENT_STATISTICS'];
const DIRECTOR: Permission[] = [...MEMBER, 'MANAGE_MANAGEMENT_STATISTICS'];
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('statistics under concurrency', () => {
  let app: TestApp;
  let stats: StatisticsPlugin;
  const members: TestUser[] = [];
  let director: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => NOW });
    stats = appServices(app.server.ctx).statistics;
    for (let i = 0; i < 5; i++) members.push(await app.createUser({ rankPermissions: MEMBER }));
    director = await app.createUser({ rankPermissions: DIRECTOR });
  });
  afterAll(() => app?.close());

  it('10 closers of the same weeks at once: each week closed once, one snapshot per member and week', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => stats.weeks.closeDue()));
    const closed = results.flat().sort();
    expect(closed).toEqual(['2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    const [count] = await app.db.orm.em.fork().execute<{ rows: string | number; keys: string | number }[]>(
      `select count(*) as rows, count(distinct (user_id, starts_on)) as keys from management_statistics where user_id in (${members.map(() => '?').join(',')})`,
      members.map((m) => m.id),
    );
    expect(Number(count!.rows)).toBe(5 * 5);
    expect(Number(count!.keys)).toBe(5 * 5);
  });

  it('10 deletes of one snapshot at once: one 200, nine 404, one audit entry', async () => {
    const id = `${members[0]!.id}-week-2026-11-16`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'DELETE', url: `/api/client/statistics/management/${id}`, headers: director.auth }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(404)]);
    const [entries] = await app.db.orm.em
      .fork()
      .execute<{ n: string | number }[]>(
        `select count(*) as n from audit_log where action = 'statistics.delete' and target_id = ?`,
        [members[0]!.id],
      );
    expect(Number(entries!.n)).toBe(1);
  });
});
