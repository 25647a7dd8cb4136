import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import { createTestApp, type TestApp, type TestUser } from '../../tests/support/test-app.ts';
import { ApplicationHistorySchema, ApplicationSchema } from './entities.ts';

/**
 * Applying and reviewing under concurrency (Promise.all of inject calls). PGlite runs one transaction at a time; on
 * PostgreSQL (TEST_DATABASE_URL) these race for real, and only the row locks give one winner.
 */
const MANAGER: Permission[] = ['VIEW_STAFF_DASHBOARD', 'VIEW_RECRUITMENT_RESPONSE', 'RECRUITMENT_MANAGER'];

describe('recruitment under concurrency', () => {
  let app: TestApp;
  let manager: TestUser;
  let formId: string;

  beforeAll(async () => {
    app = await createTestApp();
    manager = await app.createUser({ rankPermissions: MANAGER, rankPosition: 700 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/client/recruitment/forms',
      headers: manager.auth,
      payload: {
        title: 'Race',
        open: true,
        requirements: { oneAtATime: true },
        questions: [{ id: 'why', type: 'short', label: 'Why?', required: true }],
      },
    });
    formId = res.json().form.id;
  });
  afterAll(() => app?.close());

  it('the same user submitting an application 20 times at once gives one application', async () => {
    const applicant = await app.createUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({
          method: 'POST',
          url: `/api/client/recruitment/forms/${formId}/response`,
          headers: applicant.auth,
          payload: { answers: { why: 'Because' } },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    expect(await app.db.orm.em.fork().count(ApplicationSchema, { user: applicant.id })).toBe(1);
  });

  it('two reviewers deciding one application at once: one decision, one history entry', async () => {
    const other = await app.createUser({ rankPermissions: MANAGER, rankPosition: 701 });
    for (let trial = 0; trial < 5; trial++) {
      const applicant = await app.createUser();
      const id = (
        await app.inject({
          method: 'POST',
          url: `/api/client/recruitment/forms/${formId}/response`,
          headers: applicant.auth,
          payload: { answers: { why: 'x' } },
        })
      ).json().application.id;
      const url = `/api/client/recruitment/applications/${id}/update-status`;
      const results = await Promise.all([
        app.inject({ method: 'PATCH', url, headers: manager.auth, payload: { status: 2 } }),
        app.inject({ method: 'PATCH', url, headers: other.auth, payload: { status: 3 } }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await app.db.orm.em.fork().count(ApplicationHistorySchema, { application: id })).toBe(2);
    }
  });
});
