import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../../core/audit/entities.ts';
import type { DomainEvents } from '../../core/events.ts';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { LeaveRequestSchema } from './entities.ts';
import { addDays } from './schemas.ts';

/**
 * Decisions about one request at once (Promise.all of inject calls). PGlite runs one transaction at a time; on
 * PostgreSQL (TEST_DATABASE_URL) they race for real and only the request's row lock keeps one consistent state.
 */
const CHEF: Permission[] = ['VIEW_STAFF_DASHBOARD', 'MANAGE_ORDERS', 'SUBMIT_ON_LEAVE_REQUEST'];
const MANAGER: Permission[] = [...CHEF, 'MANAGE_ON_LEAVE_REQUESTS'];
const TODAY = '2026-11-25';

describe('leave requests under concurrency', () => {
  let app: TestApp;
  let manager: TestUser;
  let position = 1;
  let notices: DomainEvents['notice'][];

  beforeAll(async () => {
    app = await createTestApp({ env: { ORDER_SWEEP_INTERVAL_MS: '0' }, now: () => Date.parse(`${TODAY}T12:00:00Z`) });
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 500 });
    notices = [];
    app.server.ctx.events.on('notice', (notice) => void notices.push(notice));
  });
  afterAll(() => app?.close());

  const member = () => app.createUser({ rankPermissions: CHEF, rankPosition: position++ });
  const submit = (user: TestUser, from: string, until: string) =>
    app.inject({
      method: 'POST',
      url: '/api/client/onleave/requests',
      headers: user.auth,
      payload: { request: { from, until, reason: 'Time off, please.' } },
    });

  it('approving and cancelling one request at once: one wins, the other is refused, the state says who won', async () => {
    const outcomes = new Set<string>();
    for (let trial = 0; trial < 10; trial++) {
      const user = await member();
      // Starting today: once approved, its member can no longer cancel it, so exactly one of the two may succeed.
      const id = (await submit(user, TODAY, addDays(TODAY, 2))).json().request._id as string;
      notices = [];
      const [approve, cancel] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/client/onleave/requests/${id}/update-status`,
          headers: manager.auth,
          payload: { status: 'APPROVED', note: 'Go.' },
        }),
        app.inject({ method: 'DELETE', url: `/api/client/onleave/requests/${id}`, headers: user.auth }),
      ]);
      expect([approve.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const row = await app.db.orm.em.fork().findOneOrFail(LeaveRequestSchema, { id });
      const audits = await app.db.orm.em
        .fork()
        .count(AuditEntrySchema, { action: 'user.leave.decide', targetId: user.id });
      if (approve.statusCode === 200) {
        expect(row.status).toBe('APPROVED');
        expect(row.decidedBy).toBe(manager.id);
        expect(audits).toBe(1);
        expect(notices.map((n) => n.ref)).toEqual([`leave:${id}:approved`]);
        expect(cancel.json().status).toBe('APPROVED');
      } else {
        expect(row.status).toBe('CANCELLED');
        expect(row.decidedBy).toBe(user.id);
        expect(audits).toBe(0);
        expect(notices).toEqual([]);
        expect(approve.json().status).toBe('CANCELLED');
      }
      outcomes.add(row.status);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('ten managers deciding one request at once: one decision, one notice', async () => {
    const user = await member();
    const id = (await submit(user, addDays(TODAY, 3), addDays(TODAY, 4))).json().request._id as string;
    const managers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => app.createUser({ rankPermissions: MANAGER, rankPosition: 700 + i })),
    );
    notices = [];
    const answers = await Promise.all(
      managers.map((m, i) =>
        app.inject({
          method: 'POST',
          url: `/api/client/onleave/requests/${id}/update-status`,
          headers: m.auth,
          payload: { status: i % 2 ? 'APPROVED' : 'DENIED', note: `Manager ${i}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(notices).toHaveLength(1);
    expect(await app.db.orm.em.fork().count(AuditEntrySchema, { action: 'user.leave.decide', targetId: user.id })).toBe(
      1,
    );
  });

  it('the same request submitted 10 times at once is stored once', async () => {
    const user = await member();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submit(user, addDays(TODAY, 5), addDays(TODAY, 6))),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await app.db.orm.em.fork().count(LeaveRequestSchema, { user: user.id })).toBe(1);
  });
});
