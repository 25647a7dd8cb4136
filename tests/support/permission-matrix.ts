import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Permission } from '../../core/shared/permissions.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** Each kind of caller a matrix tries, made fresh for every call (undefined: no session). In the order they are tried. */
export type Callers<Who extends string> = Record<Who, () => Promise<TestUser | undefined>>;

/** One endpoint: the request (built per caller, so each can act on its own fresh record) and the status each caller gets. */
export interface MatrixRow<Who extends string> {
  name: string;
  request: (who: Who, user: TestUser | undefined) => Promise<InjectOptions>;
  expect: Record<Who, number>;
}

/**
 * Calls the row's endpoint as every caller and checks the status each gets; a refusal carries DESIGN.md's error
 * shape. The one runner of every plugin's permission matrix.
 */
export async function expectMatrixRow<Who extends string>(
  app: TestApp,
  callers: Callers<Who>,
  row: Pick<MatrixRow<Who>, 'request' | 'expect'>,
): Promise<void> {
  for (const who of Object.keys(callers) as Who[]) {
    const user = await callers[who]();
    const request = await row.request(who, user);
    const answer = await app.inject({ ...request, headers: { ...request.headers, ...user?.auth } });
    expect(answer.statusCode, `${who}: ${answer.body.slice(0, 200)}`).toBe(row.expect[who]);
    if (answer.statusCode >= 400)
      expect(answer.json()).toMatchObject({
        statusCode: answer.statusCode,
        error: expect.any(String),
        message: expect.any(String),
      });
  }
}

export type StaffCaller = 'anonymous' | 'customer' | 'banned' | 'chef' | 'manager' | 'superAdmin';

/**
 * The usual callers: nobody, a customer, kitchen staff, a manager, a super admin, and a banned user holding the
 * manager's permissions (a ban outweighs any permission). Staff rank above every member a test makes (whose ranks
 * count up from 1), so rank rules never decide a matrix row. `app` is read at each call (it is made in beforeAll).
 */
export function staffCallers(
  app: () => TestApp,
  permissions: { chef: Permission[]; manager: Permission[] },
): Callers<StaffCaller> {
  let position = 5000;
  const staff = (rankPermissions: Permission[], banned = false) =>
    app().createUser({
      rankPermissions,
      rankPosition: position++,
      ban: banned ? { reason: 'Troll orders' } : undefined,
    });
  return {
    anonymous: async () => undefined,
    customer: () => app().createUser(),
    banned: () => staff(permissions.manager, true),
    chef: () => staff(permissions.chef),
    manager: () => staff(permissions.manager),
    superAdmin: () => staff(['SUPER_ADMIN']),
  };
}
