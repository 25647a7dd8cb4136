import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { type Callers, expectMatrixRow } from '../../tests/support/permission-matrix.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { appServices } from '../index.ts';
import type { StatisticsPlugin } from './index.ts';

type Who = 'anonymous' | 'customer' | 'banned' | 'chef' | 'member' | 'director' | 'superAdmin';
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS'];
const MEMBER: Permission[] = [...CHEF, 'VIEW_MANAGEMENT_STATISTICS'];
const DIRECTOR: Permission[] = [...MEMBER, 'MANAGE_MANAGEMENT_STATISTICS'];
const NOW = Date.parse('2026-11-25T12:00:00Z');
const LAST_WEEK = '2026-11-16';

const DIRECTORS = {
  anonymous: 401,
  customer: 403,
  banned: 403,
  chef: 403,
  member: 403,
  director: 200,
  superAdmin: 200,
};
const OWN = { ...DIRECTORS, member: 200 };

/** Every statistics endpoint against every kind of caller (the banned caller holds the director's permissions). */
describe('statistics API permission matrix', () => {
  let app: TestApp;
  let stats: StatisticsPlugin;
  let position = 1;

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => NOW });
    stats = appServices(app.server.ctx).statistics;
  });
  afterAll(() => app?.close());

  const caller = (rankPermissions: Permission[], banned = false) =>
    app.createUser({
      rankPermissions,
      rankPosition: 5000 + position++,
      ban: banned ? { reason: 'Troll orders' } : undefined,
    });
  const callers: Callers<Who> = {
    anonymous: async () => undefined,
    customer: () => app.createUser(),
    banned: () => caller(DIRECTOR, true),
    chef: () => caller(CHEF),
    member: () => caller(MEMBER),
    director: () => caller(DIRECTOR),
    superAdmin: () => caller(['SUPER_ADMIN']),
  };

  const staff = () => app.createUser({ rankPermissions: MEMBER, rankPosition: position++ });
  /** A stored snapshot of `user`'s last week: closes the week again for a new member (a fresh week row each time is not needed: the row is inserted directly). */
  async function snapshot(user: TestUser): Promise<string> {
    const id = `${user.id}-week-${LAST_WEEK}`;
    await app.db.orm.em.fork().execute(
      `insert into management_statistics (id, user_id, period, starts_on, ends_on, claimed, prepared, delivered, reported, claims_expired, leave_days, applications_reviewed, appeal_votes, created_at)
       values (?, ?, 'week', ?, '2026-11-22', 1, 1, 1, 0, 0, 0, 0, 0, now())`,
      [id, user.id, LAST_WEEK],
    );
    return id;
  }

  const rows: {
    name: string;
    request: (who: Who, user: TestUser | undefined) => Promise<InjectOptions>;
    expect: Record<Who, number>;
  }[] = [
    {
      name: 'GET /api/client/statistics/management',
      request: async () => ({ method: 'GET', url: '/api/client/statistics/management?period=month' }),
      expect: DIRECTORS,
    },
    {
      name: 'GET /api/client/statistics/management/{id} (their own)',
      request: async (_who, user) => ({
        method: 'GET',
        url: `/api/client/statistics/management/${(user ?? (await staff())).id}-week-2026-11-23`,
      }),
      expect: OWN,
    },
    {
      name: 'GET /api/client/statistics/management/{id} (someone else’s)',
      request: async () => ({
        method: 'GET',
        url: `/api/client/statistics/management/${(await staff()).id}-month-2026-11-01`,
      }),
      expect: DIRECTORS,
    },
    {
      name: 'DELETE /api/client/statistics/management/{id}',
      request: async () => ({
        method: 'DELETE',
        url: `/api/client/statistics/management/${await snapshot(await staff())}`,
      }),
      expect: DIRECTORS,
    },
  ];

  it('closes last week first, so its records are read from snapshots', async () => {
    expect(await stats.weeks.close(LAST_WEEK)).toBe(true);
  });

  for (const row of rows) {
    it(row.name, async () => {
      await expectMatrixRow(app, callers, row);
    });
  }
});
