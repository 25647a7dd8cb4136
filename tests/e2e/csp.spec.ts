import { DEMO_USERS } from '../../plugins/users/seed.ts';
import { everyPage, visitAll } from './csp.ts';
import { test } from './fixtures.ts';

/** Every page, anonymously and as every demo role, breaks nothing in the Content-Security-Policy (./csp.ts). */
for (const role of ['anonymous', ...DEMO_USERS.map((u) => u.username)]) {
  test(`no page breaks the Content-Security-Policy as ${role}`, async ({ browser, diner }) => {
    test.setTimeout(180_000);
    const user = DEMO_USERS.find((u) => u.username === role);
    await visitAll(browser, diner, role, user?.id ?? null, await everyPage(diner));
  });
}
